import {
  ErrorDetail,
  Invitation,
  InvitationAcceptBody,
  InvitationParams,
  InvitationPreview,
  InviteBody,
  Me,
  SignUpBody,
  TelegramLink,
  TokenPair,
  UserList,
  UserParams,
  UserPatch,
  UserRestaurantParams,
  UsersQuery,
} from '@stolik/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../plugins/authentication';
import { access } from '../../shared/access';
import { errorReplies } from '../../shared/error-replies';
import { pageLinks } from '../../shared/pagination';
import { addressOf, perAddress, type RateLimiter, SMALL_BODY_LIMIT } from '../../shared/rate-limit';
import type { AuthService } from '../auth/auth.service';
import type { InvitationsService } from './invitations.service';
import type { UsersService } from './users.service';

const errors = errorReplies;
const SIGN_UP_LIMIT = { max: 10, windowS: 60 * 60 };

export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  invitations: InvitationsService;
  auth: AuthService;
  limiter: RateLimiter;
  /** The product's address for links in the reply to this request (app.ts, public-url.ts). */
  linksFor: (request: FastifyRequest) => string;
}> = async (app, { users, invitations, auth, limiter, linksFor }) => {
  app.post(
    '/api/user/',
    {
      config: { access: access.public, rateLimit: perAddress.signIn },
      bodyLimit: SMALL_BODY_LIMIT,
      schema: { tags: ['users'], summary: 'Sign up', body: SignUpBody, response: { 201: Me, ...errors } },
    },
    async (request, reply) => {
      await limiter.consume(`signup:address:${addressOf(request.ip)}`, SIGN_UP_LIMIT);
      return reply.code(201).send(await users.signUp(request.body));
    },
  );

  app.get(
    '/api/user/me/',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user and their restaurants',
        response: { 200: Me, ...errors },
      },
    },
    (request) => users.me(viewerOf(request)),
  );

  app.post(
    '/api/user/me/telegram-link/',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['users'],
        summary: 'A one-time UUID to link a Telegram account (/api/signin/telegram/?UUID=…)',
        description:
          "503 `telegram_unavailable` when the bot's username cannot be had from Telegram within " +
          'a few seconds (asked once per process, then kept).',
        response: { 201: TelegramLink, 503: ErrorDetail, ...errors },
      },
    },
    async (request, reply) => {
      // The address the profile opens: the bot's chat, started with this token (staff-link.ts).
      // Asked first: Telegram out of reach answers 503 (within seconds) and makes no token.
      const username = (await request.server.telegram?.botUsername()) ?? null;
      const link = await users.createTelegramLink(viewerOf(request));
      const url = username ? `https://t.me/${username}?start=${link.uuid}` : null;
      return reply.code(201).send({ ...link, url });
    },
  );

  app.delete(
    '/api/user/me/telegram-link/',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['users'],
        summary: "Disconnect the user's Telegram: the bot stops writing to it (settings are kept)",
        description:
          'Idempotent: without a linked Telegram it answers the profile as it is. 409 ' +
          '`telegram_only_sign_in` for an account that has no e-mail and password to sign in with.',
        response: { 200: Me, ...errors },
      },
    },
    (request) => users.unlinkTelegram(viewerOf(request)),
  );

  app.get(
    '/api/user/',
    {
      config: { access: access.admin },
      schema: {
        tags: ['users'],
        summary: 'Users of the restaurants you manage',
        querystring: UsersQuery,
        response: { 200: UserList, ...errors },
      },
    },
    async (request) => {
      const { count, items } = await users.list(viewerOf(request), request.query);
      const { page, page_size } = request.query;
      return { count, ...pageLinks(request, count, page, page_size), results: items };
    },
  );

  app.patch(
    '/api/user/:id/',
    {
      config: { access: access.admin, audit: { action: 'users.update', entity: 'user' } },
      schema: {
        tags: ['users'],
        summary: 'Change names, or the role in one restaurant',
        params: UserParams,
        body: UserPatch,
        response: { 200: Me, ...errors },
      },
    },
    (request) => users.patch(viewerOf(request), request.params.id, request.body),
  );

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.post(
      `/api/user/:id/${action}`,
      {
        config: { access: access.admin, audit: { action: `users.${action}`, entity: 'user' } },
        schema: {
          tags: ['users'],
          summary: active ? 'Let the user sign in again' : 'Stop the user signing in',
          params: UserParams,
          response: { 200: Me, ...errors },
        },
      },
      (request) => users.setActive(viewerOf(request), request.params.id, active),
    );
  }

  app.delete(
    '/api/user/:id/restaurants/:restaurant/',
    {
      config: {
        access: access.admin,
        audit: { action: 'users.remove_from_restaurant', entity: 'user' },
      },
      schema: {
        tags: ['users'],
        summary: 'Take the user out of one restaurant you manage (their account and other restaurants stay)',
        params: UserRestaurantParams,
        response: { 200: Me, ...errors },
      },
    },
    (request) => users.removeFromRestaurant(viewerOf(request), request.params.id, request.params.restaurant),
  );

  app.post(
    '/api/user/invite/',
    {
      config: { access: access.admin, audit: { action: 'users.invite', entity: 'invitation' } },
      schema: {
        tags: ['users'],
        summary: 'Invite someone to a restaurant you manage',
        body: InviteBody,
        response: { 201: Invitation, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await invitations.create(viewerOf(request), request.body, linksFor(request))),
  );

  app.get(
    '/api/user/invite/:token/',
    {
      config: { access: access.public, rateLimit: perAddress.read },
      schema: {
        tags: ['users'],
        summary: 'What an invitation is for',
        params: InvitationParams,
        response: { 200: InvitationPreview, ...errors },
      },
    },
    (request) => invitations.preview(request.params.token),
  );

  app.post(
    '/api/user/invite/:token/accept/',
    {
      config: { access: access.publicWithViewer, rateLimit: perAddress.signIn },
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['users'],
        summary: 'Accept an invitation: signed in, or with a new account',
        params: InvitationParams,
        // No body at all is fine: a signed-in user accepts with nothing to fill in.
        body: z.preprocess((value) => value ?? {}, InvitationAcceptBody),
        response: { 200: TokenPair, ...errors },
      },
    },
    async (request) => {
      await limiter.consume(`invite:address:${addressOf(request.ip)}`, SIGN_UP_LIMIT);
      const userId = await users.acceptInvitation(request.viewer, request.params.token, request.body);
      return auth.issuePair(userId);
    },
  );
};
