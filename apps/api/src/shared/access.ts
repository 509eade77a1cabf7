import { ROLE_ADMIN, type Role } from '@stolik/domain';
import { forbidden, notFound } from './http-errors';

/**
 * Who may call a route, declared on every /api route (`config: { access }`); the authentication
 * plugin enforces it before validation, and the access-matrix test walks every route with it.
 */
export type Access =
  /** Anyone. `viewer: true` also reads an optional signed-in caller (accepting an invitation). */
  | { kind: 'public'; viewer?: boolean }
  /** Any signed-in, active user. */
  | { kind: 'authenticated' }
  /** A member (or an admin) of the restaurant named by a path or query parameter. */
  | { kind: 'restaurant'; level: 'member' | 'admin'; from: { in: 'params' | 'query'; name: string } }
  /** An admin of at least one restaurant; the service narrows it to the restaurants concerned. */
  | { kind: 'admin' }
  | { kind: 'superuser' }
  /**
   * A restaurant's point-of-sale system, by its key (`Authorization: Token <key>`, DRF's token
   * scheme), never a person: a staff token is refused, and the key names its restaurant.
   */
  | { kind: 'pos' };

export const access = {
  public: { kind: 'public' },
  publicWithViewer: { kind: 'public', viewer: true },
  authenticated: { kind: 'authenticated' },
  admin: { kind: 'admin' },
  superuser: { kind: 'superuser' },
  pos: { kind: 'pos' },
  member: (from: 'params' | 'query' = 'params', name = 'id'): Access => ({
    kind: 'restaurant',
    level: 'member',
    from: { in: from, name },
  }),
  restaurantAdmin: (from: 'params' | 'query' = 'params', name = 'id'): Access => ({
    kind: 'restaurant',
    level: 'admin',
    from: { in: from, name },
  }),
} as const satisfies Record<string, Access | ((...args: never[]) => Access)>;

/** The signed-in person making a request. */
export interface Viewer {
  id: number;
  isSuperuser: boolean;
  /** restaurant id -> role there */
  memberships: Map<number, Role>;
}

/** The point-of-sale system making a request, known by its key. */
export interface PosCaller {
  keyId: number;
  restaurantId: number;
}

/**
 * The one authorisation check for anything that belongs to a restaurant. Not a member: 404, so
 * nobody learns what exists in other restaurants. A member without the role: 403.
 */
export function requireRestaurant(viewer: Viewer, restaurantId: number, level: 'member' | 'admin'): void {
  if (!viewer.isSuperuser) {
    const role = viewer.memberships.get(restaurantId);
    if (role === undefined) throw notFound();
    if (level === 'admin' && role !== ROLE_ADMIN) throw forbidden();
  }
  if (!firstAuthorised.has(viewer)) firstAuthorised.set(viewer, restaurantId);
}

/** Whether the viewer may see the restaurant at all (requireRestaurant's member level, as a yes or no). */
export function mayReadRestaurant(viewer: Viewer, restaurantId: number): boolean {
  return viewer.isSuperuser || viewer.memberships.has(restaurantId);
}

/** A viewer is loaded per request, so this is the restaurant each request was first allowed into. */
const firstAuthorised = new WeakMap<Viewer, number>();

/** The restaurant the request acted in (the audit log's restaurant), once a check let it in. */
export const authorisedRestaurant = (viewer: Viewer): number | undefined => firstAuthorised.get(viewer);

export function isAdminAnywhere(viewer: Viewer): boolean {
  return viewer.isSuperuser || [...viewer.memberships.values()].includes(ROLE_ADMIN);
}

/** The restaurants the viewer administers; 'all' for a superuser. */
export function administeredRestaurants(viewer: Viewer): number[] | 'all' {
  if (viewer.isSuperuser) return 'all';
  return [...viewer.memberships].filter(([, role]) => role === ROLE_ADMIN).map(([id]) => id);
}
