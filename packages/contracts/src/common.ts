import { z } from 'zod';

/** Numeric ids in paths and bodies: positive 32-bit integers. */
export const Id = z.coerce.number().int().min(1).max(2_147_483_647);

/** 400 body: field name -> messages, non-field messages under non_field_errors (DRF style). */
export const FieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrors>;

/** 401/403/404/409/429/5xx body; a 409 may carry more (the existing queue entry, the current status). */
export const ErrorDetail = z.looseObject({
  detail: z.string(),
  code: z.string().optional(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** Lists that take page/page_size reply in this shape (API-CONVENTIONS). */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().min(0),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/** An IANA time zone name that this runtime knows. */
export const TimeZone = z.string().refine((value) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
});

/** 'HH:mm' wall-clock time. */
export const WallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
