export * from './dates';
export * from './font-size';
export * from './layout';
export * from './passwords';
export * from './roles';
