import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import * as schema from './schema';
import { seed } from './seed';
import { createTestDatabase } from './testing';

describe('the seed', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const counts = async () => {
    const one = async (table: PgTable) => (await handle.db.select({ n: count() }).from(table))[0]?.n;
    return {
      restaurants: await one(schema.restaurants),
      zones: await one(schema.zones),
      tables: await one(schema.diningTables),
      groups: await one(schema.tableGroups),
      groupMembers: await one(schema.tableGroupMembers),
      workTimes: await one(schema.workTimes),
      users: await one(schema.users),
      memberships: await one(schema.memberships),
      schemeVersions: await one(schema.schemeVersions),
    };
  };

  it('fills an empty database with the demo restaurant and a superuser', async () => {
    const result = await seed(handle.db, { adminEmail: 'admin@example.com', adminPasswordHash: 'hash' });
    expect(result).toEqual({ restaurantCreated: true, adminCreated: true });
    expect(await counts()).toEqual({
      restaurants: 1,
      zones: 2,
      tables: 12,
      groups: 2,
      groupMembers: 4,
      workTimes: 7,
      users: 1,
      memberships: 1,
      schemeVersions: 1,
    });
    const [demo] = await handle.db.select().from(schema.restaurants);
    expect(demo).toMatchObject({ name: 'Демо', timezone: 'Europe/Moscow' });
    const zones = await handle.db.select({ name: schema.zones.name }).from(schema.zones);
    expect(zones.map((z) => z.name).sort()).toEqual(['Веранда', 'Зал']);
    // The map has something to show: the demo hall is laid out, every table on it where its row says.
    const [scheme] = await handle.db.select().from(schema.schemeVersions);
    const tables = await handle.db.select().from(schema.diningTables);
    expect(scheme?.document.tables.map((t) => [t.table, t.x, t.y]).sort()).toEqual(
      tables.map((t) => [t.id, t.x, t.y]).sort(),
    );
    expect(scheme?.document.zones).toHaveLength(2);
    const hours = await handle.db.select().from(schema.workTimes);
    expect(new Set(hours.map((h) => `${h.opens}-${h.closes}`))).toEqual(new Set(['12:00:00-23:00:00']));
    const [admin] = await handle.db.select().from(schema.users).where(eq(schema.users.isSuperuser, true));
    expect(admin).toMatchObject({ email: 'admin@example.com', passwordHash: 'hash', isActive: true });
  });

  it('adds nothing the second time, even with another admin e-mail', async () => {
    const before = await counts();
    const result = await seed(handle.db, { adminEmail: 'other@example.com', adminPasswordHash: 'other' });
    expect(result).toEqual({ restaurantCreated: false, adminCreated: false });
    expect(await counts()).toEqual(before);
  });

  it('holds the rules in the database: unique e-mails regardless of case, sane seat counts', async () => {
    await expect(handle.db.insert(schema.users).values({ email: 'ADMIN@example.com' })).rejects.toThrow();
    const [demo] = await handle.db.select().from(schema.restaurants);
    await expect(
      handle.db
        .insert(schema.diningTables)
        .values({ restaurantId: demo?.id ?? 0, number: '99', seatsMin: 4, seatsMax: 2 }),
    ).rejects.toThrow();
  });
});
