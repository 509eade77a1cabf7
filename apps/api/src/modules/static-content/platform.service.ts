import { type GlobalAlert, type Org, type OrgCreateBody, SuperSetup } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import type { Viewer } from '../../shared/access';
import { canonicalTimeZone, toRestaurant } from '../restaurants/restaurants.service';
import { createPlatformRepository } from './platform.repository';

const GLOBAL_ALERT = 'global_alert';
const SUPER_SETUP = 'super_setup';

/**
 * What belongs to the whole product rather than to one restaurant: the global alert, the super
 * setup, and the restaurants seen as organisations (spec §7 static-content: orgs, super setup,
 * global alert). Only a superuser changes any of it; the routes say who reads it.
 */
export function createPlatformService(db: Database) {
  const repository = createPlatformRepository(db);
  const setting = repository.setting;
  const setSetting = (viewer: Viewer, key: string, value: Record<string, unknown>) =>
    repository.saveSetting(key, value, viewer.id);

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
      const rows = await repository.organisations();
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
      const row = await repository.createRestaurant({
        name: body.name,
        timezone: canonicalTimeZone(body.timezone),
        hasBookings: body.has_bookings,
      });
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
