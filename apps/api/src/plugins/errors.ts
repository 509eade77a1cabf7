import type { FieldErrors } from '@stolik/contracts';
import { issueField, validationMessage } from '@stolik/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { i18n as I18n } from 'i18next';
import type { z } from 'zod';
import { FieldValidationError, HttpError } from '../shared/http-errors';

/** Messages of Fastify's own 400s, by their code. */
const CLIENT_ERROR_KEYS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'requests.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'requests.emptyJson',
};

/** Fastify's other client errors, by status, in the API's words. */
const FRAMEWORK_CODES: Record<number, string> = {
  405: 'method_not_allowed',
  406: 'not_acceptable',
  411: 'length_required',
  415: 'unsupported_media_type',
};

/**
 * Fastify answers a broken address before any route (a bad %-encoding, a path parameter over 100
 * characters): `frameworkErrors` of the Fastify options, in the API's shapes too.
 */
export function frameworkErrorReply(i18n: () => I18n) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    const message = i18n().t(tooLong ? 'requests.urlTooLong' : 'requests.badUrl');
    return reply
      .code(tooLong ? 414 : 400)
      .type('application/json; charset=utf-8')
      .send(
        JSON.stringify(tooLong ? { detail: message, code: 'uri_too_long' } : { non_field_errors: [message] }),
      );
  };
}

/**
 * The API's one error path: every failure leaves here in the shapes of API-CONVENTIONS.md, in
 * Russian, and never with a stack trace, SQL or an internal message (those go to the log).
 */
export const errorsPlugin = fp<{ i18n: I18n }>(async (app: FastifyInstance, { i18n }) => {
  const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params ?? {});

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body: FieldErrors = {};
      for (const item of error.validation) {
        const issue = {
          ...item.params,
          code: item.keyword,
          message: item.message,
          path: item.instancePath.split('/').filter(Boolean),
        } as unknown as z.core.$ZodIssue;
        const { key, params } = validationMessage(issue);
        const field = issueField(issue);
        body[field] = [...(body[field] ?? []), t(key, params)];
      }
      return reply.code(400).send(body);
    }

    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ detail: t(error.messageKey, error.params), code: error.code, ...error.extra });
    }

    if (error instanceof FieldValidationError) {
      const body: FieldErrors = {};
      for (const [field, messages] of Object.entries(error.fields))
        body[field] = messages.map((m) => (typeof m === 'string' ? t(m) : t(m.key, m.params)));
      return reply.code(400).send(body);
    }

    const status = error.statusCode ?? 500;
    if (status === 429) {
      const seconds = Number(reply.getHeader('retry-after') ?? 60);
      return reply.code(429).send({ detail: t('errors.tooManyRequests', { seconds }), code: 'throttled' });
    }
    if (status === 413 && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The route's own limit when it has one (guest forms, sign-in: 16 KiB), else the server's.
      const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1_048_576;
      const kib = Math.floor(limit / 1024);
      return reply.code(413).send({ detail: t('requests.bodyTooLarge', { kib }), code: 'payload_too_large' });
    }
    if (status === 400) {
      // Fastify's own: a body that is not JSON (or smuggles __proto__), an empty one… A 400 has
      // the field-errors shape on every route, so the message goes under non_field_errors.
      request.log.info({ err: error }, 'client error');
      const key = CLIENT_ERROR_KEYS[error.code] ?? 'errors.badRequest';
      return reply.code(400).send({ non_field_errors: [t(key)] });
    }
    if (status > 400 && status < 500) {
      // Fastify's own client errors (a wrong content type; a static file's folder or a path out
      // of it): the API's shape and codes, never Fastify's internal ones (FST_…).
      request.log.info({ err: error }, 'client error');
      if (status === 404) return reply.code(404).send({ detail: t('errors.notFound'), code: 'not_found' });
      if (status === 403)
        return reply.code(403).send({ detail: t('errors.forbidden'), code: 'permission_denied' });
      return reply
        .code(status)
        .send({ detail: t('errors.badRequest'), code: FRAMEWORK_CODES[status] ?? 'bad_request' });
    }

    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: t('errors.internal'), code: 'internal', request_id: request.id });
  });
});
