import type { FieldErrors } from '@stolik/contracts';
import { issueField, validationMessage } from '@stolik/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { i18n as I18n } from 'i18next';
import type { z } from 'zod';
import { FieldValidationError, HttpError } from '../shared/http-errors';

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
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large…
      request.log.info({ err: error }, 'client error');
      const detail = status === 404 ? t('errors.notFound') : t('errors.badRequest');
      return reply.code(status).send({ detail, code: error.code ?? 'bad_request' });
    }

    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: t('errors.internal'), code: 'internal', request_id: request.id });
  });
});
