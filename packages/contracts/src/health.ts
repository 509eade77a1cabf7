import { z } from 'zod';

export const Health = z.object({
  /** `draining`: the process is stopping (SIGTERM); a proxy's health check sends it nothing new. */
  status: z.enum(['ok', 'degraded', 'draining']),
  database: z.enum(['ok', 'down']),
  database_kind: z.enum(['pglite', 'postgres']),
  version: z.string(),
  uptime_s: z.number(),
});
export type Health = z.infer<typeof Health>;
