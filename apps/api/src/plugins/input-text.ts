import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FieldValidationError } from '../shared/http-errors';
import { isStorableText } from '../shared/storable-text';

/** Where the first string that is not storable text sits ('' for the value itself), or null. */
export function badTextAt(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (!isStorableText(key)) return path;
        pending.push([inner, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Telegram's updates: stored nowhere as text, and a 400 would make Telegram send the update again
 * and again; grammY reads them as they are.
 */
const TAKES_ANY_TEXT = new Set(['/api/telegram/webhook/']);

/**
 * PostgreSQL's text cannot hold NUL (U+0000): stored, it fails, a 500. A lone surrogate (half an
 * emoji) is not Unicode text: stored, it silently becomes U+FFFD, not what was given. Both are
 * refused before validation in every body, query and path parameter, naming the field. A body
 * whose bytes are not UTF-8 at all is refused before it is read.
 */
export const inputTextPlugin = fp(
  async (app: FastifyInstance) => {
    // A JSON body that is not UTF-8 would be read with U+FFFD in place of its broken bytes and
    // stored so: it is refused as a whole (400, under non_field_errors, as a body that is not JSON).
    const parseJson = app.getDefaultJsonParser(
      app.initialConfig.onProtoPoisoning ?? 'error',
      app.initialConfig.onConstructorPoisoning ?? 'error',
    );
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      let text: string;
      try {
        text = strictUtf8.decode(body as Buffer);
      } catch {
        done(new FieldValidationError({ non_field_errors: ['requests.notUtf8'] }), undefined);
        return;
      }
      void parseJson(request, text, done);
    });

    app.addHook('preValidation', async (request) => {
      if (TAKES_ANY_TEXT.has(request.routeOptions.url ?? '')) return;
      for (const part of [request.params, request.query, request.body]) {
        const at = badTextAt(part);
        if (at !== null)
          throw new FieldValidationError({ [at || 'non_field_errors']: ['requests.badCharacter'] });
      }
    });
  },
  { name: 'stolik-input-text' },
);
