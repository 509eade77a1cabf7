import {
  EmptyReply,
  ErrorDetail,
  LogoutBody,
  TelegramSignInBody,
  TelegramSignInQuery,
  TokenCreateBody,
  TokenPair,
  TokenRefreshBody,
  TokenVerifyBody,
} from '@stolik/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../shared/access';
import { errorReplies } from '../../shared/error-replies';
import { addressOf, perAddress, SMALL_BODY_LIMIT } from '../../shared/rate-limit';
import type { AuthService } from './auth.service';

const errors = errorReplies;

/** simplejwt's endpoints, and sign-in from the Telegram Mini App. */
export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  telegramSignIn: (
    initData: string,
    uuid: string | undefined,
  ) => Promise<{ access: string; refresh: string }>;
}> = async (app, { auth, telegramSignIn }) => {
  app.post(
    '/api/auth/jwt/create/',
    {
      config: { access: access.public, rateLimit: perAddress.signIn },
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail (or username) and password',
        body: TokenCreateBody,
        response: { 200: TokenPair, ...errors },
      },
    },
    (request) =>
      auth.signIn(
        request.body.email || request.body.username || '',
        request.body.password,
        addressOf(request.ip),
      ),
  );

  app.post(
    '/api/auth/jwt/verify/',
    {
      config: { access: access.public, rateLimit: perAddress.token },
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['auth'],
        summary: 'Is this token valid',
        body: TokenVerifyBody,
        response: { 200: EmptyReply, ...errors },
      },
    },
    (request) => auth.verify(request.body.token),
  );

  app.post(
    '/api/auth/jwt/refresh/',
    {
      config: { access: access.public, rateLimit: perAddress.token },
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['auth'],
        summary: 'A new access token and a rotated refresh token',
        body: TokenRefreshBody,
        response: { 200: TokenPair, ...errors },
      },
    },
    (request) => auth.refresh(request.body.refresh),
  );

  app.post(
    '/api/auth/token/logout/',
    {
      config: { access: access.public, rateLimit: perAddress.token },
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['auth'],
        summary: 'End the session of a refresh token',
        body: LogoutBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await auth.logout(request.body.refresh);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/signin/telegram/',
    {
      config: { access: access.public, rateLimit: perAddress.signIn },
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['auth'],
        summary: "Sign in with the Mini App's init data; UUID links the Telegram account first",
        body: TelegramSignInBody,
        querystring: TelegramSignInQuery,
        response: { 200: TokenPair, 503: ErrorDetail, ...errors },
      },
    },
    (request) => telegramSignIn(request.body.init_data, request.query.UUID),
  );
};
