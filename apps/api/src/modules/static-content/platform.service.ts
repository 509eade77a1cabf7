import { type GlobalAlert, type Org, type OrgCreateBody, SuperSetup } from '@stolik/contracts';
import { type Database, schema } from '@stolik/db';
import { asc, eq, sql } from 'drizzle-orm';
import type { Viewer } from '../../shared/access';
import { canonicalTimeZone, toRestaurant } from '../restaurants/restaurants.service';

const { platformSettings, restaurants } = schema;

const GLOBAL_ALERT = 'global_alert';
const SUPER_SETUP = 'super_setup';

/**
 * What belongs to the whole product rather than to one restaurant: the global alert, the super
 * setup, and the restaurants seen as organisations (spec §7 static-content: orgs, super setup,
 * global alert). Only a superuser changes any of it; the routes say who reads it.
 */
export function createPlatformService(db: Database) {
  async function setting(key: string) {
    const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, key));
    return row;
  }

  async function setSetting(viewer: Viewer, key: string, value: Record<string, unknown>) {
    const [row] = await db
      .insert(platformSettings)
      .values({ key, value, updatedBy: viewer.id })
      .onConflictDoUpdate({
        target: platformSettings.key,
        set: { value, updatedBy: viewer.id, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error(`${key} was not saved`);
    return row;
  }

  return {
    async globalAlert(): Promise<GlobalAlert> {
      const row = await setting(GLOBAL_ALERT);
      return { text: String(row?.value.text ?? ''), updated_at: row?.updatedAt.toISOString() ?? null };
    },

    /** Empty text takes the alert down. */
    async setGlobalAlert(viewer: Viewer, text: string): Promise<GlobalAlert> {
      const row = await setSetting(viewer, GLOBAL_ALERT, { text });
      return { text, updated_at: row.updatedAt.toISOString() };
    },

    /** Defaults for what was never set; a value stored by an older version is read through the contract. */
    async superSetup(): Promise<SuperSetup> {
      const stored = SuperSetup.safeParse((await setting(SUPER_SETUP))?.value ?? {});
      return stored.success ? stored.data : SuperSetup.parse({});
    },

    async setSuperSetup(viewer: Viewer, body: SuperSetup): Promise<SuperSetup> {
      await setSetting(viewer, SUPER_SETUP, body);
      return body;
    },

    /** Every restaurant with the size of its hall and staff, for the superuser's overview. */
    async orgs(): Promise<Org[]> {
      // The subqueries name restaurants.id in full: unqualified, "id" would be the subquery's own.
      const rows = await db
        .select({
          restaurant: restaurants,
          tables: sql<number>`(select count(*)::int from dining_tables t where t.restaurant_id = restaurants.id)`,
          zones: sql<number>`(select count(*)::int from zones z where z.restaurant_id = restaurants.id)`,
          members: sql<number>`(select count(*)::int from memberships m where m.restaurant_id = restaurants.id)`,
          schemeVersion: sql<
            number | null
          >`(select max(v.version)::int from scheme_versions v where v.restaurant_id = restaurants.id)`,
        })
        .from(restaurants)
        .orderBy(asc(restaurants.id));
      return rows.map((row) => ({
        ...toRestaurant(row.restaurant),
        tables: Number(row.tables),
        zones: Number(row.zones),
        members: Number(row.members),
        scheme_version: row.schemeVersion === null ? null : Number(row.schemeVersion),
        created_at: row.restaurant.createdAt.toISOString(),
      }));
    },

    /** A new restaurant. Superusers see every restaurant; its staff are invited from it afterwards. */
    async createOrg(body: OrgCreateBody): Promise<Org> {
      const [row] = await db
        .insert(restaurants)
        .values({
          name: body.name,
          timezone: canonicalTimeZone(body.timezone),
          hasBookings: body.has_bookings,
        })
        .returning();
      if (!row) throw new Error('restaurant was not created');
      return {
        ...toRestaurant(row),
        tables: 0,
        zones: 0,
        members: 0,
        scheme_version: null,
        created_at: row.createdAt.toISOString(),
      };
    },
  };
}
export type PlatformService = ReturnType<typeof createPlatformService>;
