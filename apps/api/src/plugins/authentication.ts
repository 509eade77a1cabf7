import type { Database } from '@stolik/db';
import type { Role } from '@stolik/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authenticatePosKey } from '../modules/auth/pos-key-auth';
import { type AccessSession, sessionIsLive, sessionOf } from '../modules/auth/sessions';
import { createSessionsRepository } from '../modules/auth/sessions.repository';
import type { TokenSigner } from '../modules/auth/tokens';
import type { ViewerCache } from '../modules/auth/viewer-cache';
import {
  type Access,
  isAdminAnywhere,
  type PosCaller,
  requireRestaurant,
  type Viewer,
} from '../shared/access';
import { forbidden, HttpError, notAuthenticated, tokenNotValid } from '../shared/http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
    /** The point-of-sale system calling a `pos` route. */
    posCaller: PosCaller | null;
    /** The session of the access token the viewer came with (event streams close when it ends). */
    session: AccessSession | null;
  }
  interface FastifyInstance {
    /** Every route with its declared access, for the access-matrix test and the docs. */
    routeTable: { method: string; url: string; access: Access | undefined }[];
  }
}

/**
 * An active user and their memberships; with `session`, only while the access token's session is
 * live (not ended, not issued before a deactivation: sessions.ts).
 */
export async function loadViewer(
  db: Database,
  userId: number,
  session?: AccessSession,
): Promise<Viewer | null> {
  // One round trip: the user, their memberships and the session's state together.
  return viewerOfRows(
    userId,
    await createSessionsRepository(db).viewerRows(userId, session?.id ?? ''),
    session,
  );
}

/** The viewer of what `viewerRows` read (from the database or the viewer cache). */
function viewerOfRows(
  userId: number,
  rows: {
    isSuperuser: boolean;
    restaurantId: number | null;
    role: string | null;
    tokensValidAfter: Date | null;
    sessionEnded: boolean;
  }[],
  session?: AccessSession,
): Viewer | null {
  const [first] = rows;
  if (!first) return null;
  if (session && !sessionIsLive(first, session.issuedAt)) return null;
  const memberOf = new Map<number, Role>();
  for (const row of rows)
    if (row.restaurantId !== null && row.role !== null) memberOf.set(row.restaurantId, row.role as Role);
  return { id: userId, isSuperuser: first.isSuperuser, memberships: memberOf };
}

const UNGUARDED_PREFIXES = ['/api/docs'];

/** A POS key that is not ours or is revoked: 401, and the scheme to use, as DRF's TokenAuthentication says. */
const posKeyNotValid = () =>
  new HttpError(401, 'orders.api.posKeyNotValid', 'pos_key_not_valid', {}, { 'www-authenticate': 'Token' });

/**
 * Bearer-token authentication and the route-level authorisation of `config.access`. It runs before
 * validation, so a caller without the right gets 401/403/404 and never learns what a valid body is.
 */
export const authenticationPlugin = fp<{ db: Database; tokens: TokenSigner; viewers: ViewerCache }>(
  async (app: FastifyInstance, { db, tokens, viewers }) => {
    app.decorate('routeTable', []);
    app.decorateRequest('viewer', null);
    app.decorateRequest('posCaller', null);
    app.decorateRequest('session', null);

    app.addHook('onRoute', (route) => {
      const url = route.url ?? route.path;
      if (!url.startsWith('/api') || UNGUARDED_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
      const declared = (route.config as { access?: Access } | undefined)?.access;
      if (!declared) throw new Error(`route ${String(route.method)} ${url} declares no access`);
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        app.routeTable.push({ method: String(method), url, access: declared });
      }
    });

    const viewerFrom = async (request: FastifyRequest): Promise<Viewer | null> => {
      const header = request.headers.authorization;
      if (!header) return null;
      const [scheme, token] = header.split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) throw tokenNotValid();
      const claims = await tokens.verify(token, 'access');
      if (!claims) throw tokenNotValid();
      const session = sessionOf(claims);
      const viewer = viewerOfRows(claims.user_id, await viewers.rows(claims.user_id, session.id), session);
      if (!viewer) throw tokenNotValid();
      request.session = session;
      return viewer;
    };

    const posCallerFrom = async (request: FastifyRequest): Promise<PosCaller> => {
      const header = request.headers.authorization;
      if (!header)
        throw new HttpError(
          401,
          'auth.notAuthenticated',
          'not_authenticated',
          {},
          { 'www-authenticate': 'Token' },
        );
      const [scheme, key] = header.split(' ');
      if (scheme?.toLowerCase() !== 'token' || !key) throw posKeyNotValid();
      const caller = await authenticatePosKey(db, key);
      if (!caller) throw posKeyNotValid();
      return caller;
    };

    app.addHook('preValidation', async (request) => {
      const declared = request.routeOptions.config.access;
      if (!declared) return;
      if (declared.kind === 'pos') {
        request.posCaller = await posCallerFrom(request);
        return;
      }
      if (declared.kind === 'public') {
        // Known only where the route asks (accepting an invitation), never required: the other
        // public routes do not pay for reading the token.
        if (declared.viewer) request.viewer = await viewerFrom(request).catch(() => null);
        return;
      }
      const viewer = await viewerFrom(request);
      if (!viewer) throw notAuthenticated();
      request.viewer = viewer;

      switch (declared.kind) {
        case 'authenticated':
          return;
        case 'superuser':
          if (!viewer.isSuperuser) throw forbidden();
          return;
        case 'admin':
          if (!isAdminAnywhere(viewer)) throw forbidden();
          return;
        case 'restaurant': {
          const source = (declared.from.in === 'params' ? request.params : request.query) as Record<
            string,
            unknown
          >;
          const id = Number(source?.[declared.from.name]);
          // Not a number: validation answers 400 next, which tells nothing about other restaurants.
          if (Number.isInteger(id) && id > 0) requireRestaurant(viewer, id, declared.level);
          return;
        }
      }
    });
  },
);

/** The point-of-sale system of a `pos` route (the hook has already refused anyone else). */
export function posCallerOf(request: FastifyRequest): PosCaller {
  if (!request.posCaller) throw notAuthenticated();
  return request.posCaller;
}

/** The viewer of a route that requires one (the hook has already refused anonymous callers). */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw notAuthenticated();
  return request.viewer;
}
