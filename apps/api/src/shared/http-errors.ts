/**
 * Errors a service throws on purpose. The error handler turns each into the reply shape of
 * API-CONVENTIONS; anything else is a 500 whose detail stays in the log.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    /** An i18n key of the message shown to people (or a ready text). */
    readonly messageKey: string,
    readonly code?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(messageKey);
    this.name = 'HttpError';
  }
}

export const notFound = () => new HttpError(404, 'errors.notFound', 'not_found');
export const forbidden = () => new HttpError(403, 'errors.forbidden', 'permission_denied');
export const conflict = (messageKey: string, extra: Record<string, unknown> = {}) =>
  new HttpError(409, messageKey, 'conflict', extra);
