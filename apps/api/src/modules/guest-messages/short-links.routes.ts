import type { FastifyPluginAsync } from 'fastify';
import { access } from '../../shared/access';
import { notFound } from '../../shared/http-errors';
import { perAddress } from '../../shared/rate-limit';

/**
 * The short links of guests' SMS (sms/sms-text.ts): `/q/<token>` to the queue place's page,
 * `/b/<token>` to the booking's, a 302 to `PUBLIC_URL/guest/queue|booking/<token>`. The token is
 * not looked up: an unknown one lands on the page, which says it is not found itself (no query
 * per click, and nothing told here that the page does not tell). Anything that is not a token's
 * shape (16–64 of base64url: the product makes 24) is the API's 404. Not under /api: the link
 * must be short; an explicit route, so the mini-app's fallback never answers it.
 */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export const shortLinksRoutes: FastifyPluginAsync<{ publicUrl: () => string }> = async (
  app,
  { publicUrl },
) => {
  for (const [prefix, page] of [
    ['q', 'queue'],
    ['b', 'booking'],
  ] as const) {
    app.get<{ Params: { token: string } }>(
      `/${prefix}/:token`,
      {
        config: { access: access.public, rateLimit: perAddress.guestPage },
        schema: { hide: true },
      },
      (request, reply) => {
        const { token } = request.params;
        if (!TOKEN.test(token)) throw notFound();
        return reply
          .code(302)
          .header('cache-control', 'no-store')
          .redirect(`${publicUrl().replace(/\/+$/, '')}/guest/${page}/${token}`, 302);
      },
    );
  }
};
