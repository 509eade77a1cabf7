import { createHash } from 'node:crypto';
import type { MetabaseDashboard, MetabaseDashboards } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { SignJWT } from 'jose';
import type { MetabaseConfig } from '../../config';
import { HttpError, notFound } from '../../shared/http-errors';
import { createRestaurantsRepository } from '../restaurants/restaurants.repository';

/** How long a signed embedding address works; the page asks for fresh ones before then. */
export const EMBED_TTL_S = 30 * 60;
/** The dashboard's locked parameter that carries the restaurant id (its slug in Metabase). */
const RESTAURANT_PARAMETER = 'restaurant';

/**
 * A dashboard's id in our API: a name-based UUID (version 5 layout) of the Metabase address and
 * the dashboard's number, so every process gives the same one and nobody has to invent them.
 */
export function dashboardUuid(siteUrl: string, dashboardId: number): string {
  const bytes = createHash('sha1')
    .update(`stolik-metabase:${siteUrl}:${dashboardId}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Metabase's signed embedding: for each configured dashboard a JWT (HS256, the embedding secret
 * key) naming the dashboard and locking its `restaurant` parameter to the caller's restaurant, so
 * an admin sees that restaurant's figures and cannot change the filter.
 */
export function createMetabaseService(
  db: Database,
  config: MetabaseConfig | undefined,
  now: () => Date = () => new Date(),
) {
  const key = config ? new TextEncoder().encode(config.secretKey) : null;
  const dashboards = config
    ? config.dashboards.map((d) => ({ ...d, uuid: dashboardUuid(config.siteUrl, d.id) }))
    : [];

  /** A superuser may name any restaurant: one that does not exist is 404, as everywhere. */
  const restaurants = createRestaurantsRepository(db);

  async function requireRestaurantRow(restaurantId: number): Promise<void> {
    if (!(await restaurants.exists(restaurantId))) throw notFound();
  }

  async function sign(
    dashboard: (typeof dashboards)[number],
    restaurantId: number,
  ): Promise<MetabaseDashboard> {
    if (!config || !key) throw new Error('metabase is not configured');
    const exp = Math.floor(now().getTime() / 1000) + EMBED_TTL_S;
    const token = await new SignJWT({
      resource: { dashboard: dashboard.id },
      params: { [RESTAURANT_PARAMETER]: restaurantId },
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(exp)
      .sign(key);
    return {
      uuid: dashboard.uuid,
      name: dashboard.name,
      url: `${config.siteUrl}/embed/dashboard/${token}`,
      expires_at: new Date(exp * 1000).toISOString(),
    };
  }

  return {
    async list(restaurantId: number): Promise<MetabaseDashboards> {
      await requireRestaurantRow(restaurantId);
      return {
        configured: config !== undefined,
        dashboards: await Promise.all(dashboards.map((d) => sign(d, restaurantId))),
      };
    },

    async one(restaurantId: number, uuid: string): Promise<MetabaseDashboard> {
      if (!config) throw new HttpError(404, 'analytics.metabase.notConfigured', 'metabase_not_configured');
      const dashboard = dashboards.find((d) => d.uuid === uuid.toLowerCase());
      if (!dashboard) throw notFound();
      await requireRestaurantRow(restaurantId);
      return sign(dashboard, restaurantId);
    },
  };
}
export type MetabaseService = ReturnType<typeof createMetabaseService>;
