import { z } from 'zod';

export const Zone = z.object({
  id: z.number().int(),
  restaurant: z.number().int(),
  name: z.string(),
  sort_order: z.number().int(),
});
export type Zone = z.infer<typeof Zone>;

export const TableShape = z.enum(['round', 'square', 'rectangle']);
export type TableShape = z.infer<typeof TableShape>;

/** A table of the hall: its label, capacity and where it stands on the map. */
export const Table = z.object({
  id: z.number().int(),
  restaurant: z.number().int(),
  zone: z.number().int().nullable(),
  number: z.string(),
  seats_min: z.number().int().min(1),
  seats_max: z.number().int().min(1),
  is_reservable: z.boolean(),
  shape: TableShape,
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  rotation: z.number(),
});
export type Table = z.infer<typeof Table>;

/** Tables that can be pushed together, with the capacity of the combination. */
export const TableGroup = z.object({
  id: z.number().int(),
  restaurant: z.number().int(),
  name: z.string(),
  tables: z.array(z.number().int()),
  seats_min: z.number().int().min(1),
  seats_max: z.number().int().min(1),
});
export type TableGroup = z.infer<typeof TableGroup>;
