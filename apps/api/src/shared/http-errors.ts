import type { MessageKey } from '@stolik/contracts';

/**
 * Errors a service throws on purpose. The error handler turns each into the reply shape of
 * API-CONVENTIONS; anything else is a 500 whose detail stays in the log.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    /** An i18n key of the message shown to people. */
    readonly messageKey: string,
    readonly code?: string,
    /** More fields of the reply body (e.g. the existing queue entry of a 409). */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
    /** Values for the message's placeholders. */
    readonly params: Record<string, unknown> = {},
  ) {
    super(messageKey);
    this.name = 'HttpError';
  }
}

/** A field error's message: a key, or a key with values for its placeholders ('no table {{id}}'). */
export type FieldMessage = MessageKey | string | { key: string; params: Record<string, unknown> };

/** A 400 with field errors decided by a service (the e-mail is taken, the password is too simple…). */
export class FieldValidationError extends Error {
  constructor(readonly fields: Record<string, FieldMessage[]>) {
    super('field validation failed');
    this.name = 'FieldValidationError';
  }
}

export const notFound = () => new HttpError(404, 'errors.notFound', 'not_found');
export const forbidden = () => new HttpError(403, 'errors.forbidden', 'permission_denied');
export const conflict = (messageKey: string, extra: Record<string, unknown> = {}) =>
  new HttpError(409, messageKey, 'conflict', extra);
export const notAuthenticated = () => new HttpError(401, 'auth.notAuthenticated', 'not_authenticated');
export const tokenNotValid = () => new HttpError(401, 'auth.tokenNotValid', 'token_not_valid');
