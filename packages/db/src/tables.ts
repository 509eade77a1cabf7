/** Every table, for drizzle's `schema` object; each file keeps the shapes of one product area. */
export * from './guest-messages.schema';
export * from './schema';
