import { z } from 'zod';

export const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  database_kind: z.enum(['pglite', 'postgres']),
  version: z.string(),
  uptime_s: z.number(),
});
export type Health = z.infer<typeof Health>;
