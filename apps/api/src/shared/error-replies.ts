import { ErrorDetail, FieldErrors } from '@stolik/contracts';

/**
 * The error replies every route may give, for the OpenAPI document and the serializer: field
 * errors, and `{detail, code}` for the rest (API-CONVENTIONS.md).
 */
export const errorReplies = {
  400: FieldErrors,
  401: ErrorDetail,
  403: ErrorDetail,
  404: ErrorDetail,
  409: ErrorDetail,
  /** An Idempotency-Key sent again with another request (shared/idempotency.ts). */
  422: ErrorDetail,
  429: ErrorDetail,
} as const;
