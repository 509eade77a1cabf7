/** PostgreSQL errors a service turns into a reply (drizzle may wrap the driver's error in `cause`). */
function pgError(error: unknown): { code: string; constraint: string; message: string } {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return {
    code: e?.code ?? e?.cause?.code ?? '',
    constraint: e?.constraint ?? e?.cause?.constraint ?? '',
    message: String((error as Error)?.message ?? ''),
  };
}

const matches = (error: unknown, code: string, constraint?: string) => {
  const e = pgError(error);
  return e.code === code && (!constraint || e.constraint === constraint || e.message.includes(constraint));
};

/** 23505: a unique index refused the row. */
export const isUniqueViolation = (error: unknown, constraint?: string) => matches(error, '23505', constraint);

/** 23P01: an exclusion constraint refused the row (two bookings holding one table at once). */
export const isExclusionViolation = (error: unknown, constraint?: string) =>
  matches(error, '23P01', constraint);
