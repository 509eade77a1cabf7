import { schema } from '@stolik/db';
import { ROLE_ADMIN, ROLE_MANAGER } from '@stolik/domain';
import { announceAccessChanged } from '../modules/auth/sessions.repository';
import type { Identities } from './identities';
import type { TestApp } from './test-app';

export interface RestaurantFixture {
  name: string;
  timezone?: string;
  zones?: { name: string; sortOrder: number }[];
  tables: { number: string; seatsMax: number; seatsMin?: number; zone?: string; isReservable?: boolean }[];
  /** Table groups by table numbers. */
  groups?: { name: string; seatsMin: number; seatsMax: number; tables: string[] }[];
  /** The same hours every weekday; none: no work time saved (no slots). */
  hours?: { opens: string; closes: string };
}

/**
 * A restaurant of its own for one test: the hostess and the admin of A work there too (the
 * hostess of B does not), with the given zones, tables, groups and hours.
 */
export async function openTestRestaurant(t: TestApp, who: Identities, options: RestaurantFixture) {
  const db = t.database.db;
  const [restaurant] = await db
    .insert(schema.restaurants)
    .values({ name: options.name, timezone: options.timezone ?? 'Europe/Moscow' })
    .returning();
  if (!restaurant) throw new Error('restaurant was not created');
  await db.insert(schema.memberships).values([
    { userId: who.hostessA.id, restaurantId: restaurant.id, role: ROLE_MANAGER },
    { userId: who.adminA.id, restaurantId: restaurant.id, role: ROLE_ADMIN },
  ]);
  // As the product does when it adds a member: every process forgets what they may do.
  await announceAccessChanged(db, who.hostessA.id);
  await announceAccessChanged(db, who.adminA.id);
  // Heard before the test goes on, as a write through the API would be (ChangeHub.caughtUp).
  await t.app.changes.caughtUp();
  const zoneRows = options.zones?.length
    ? await db
        .insert(schema.zones)
        .values(options.zones.map((zone) => ({ restaurantId: restaurant.id, ...zone })))
        .returning()
    : [];
  const zoneId = (name: string) => {
    const zone = zoneRows.find((z) => z.name === name);
    if (!zone) throw new Error(`no zone ${name}`);
    return zone.id;
  };
  const tableRows = options.tables.length
    ? await db
        .insert(schema.diningTables)
        .values(
          options.tables.map((table) => ({
            restaurantId: restaurant.id,
            number: table.number,
            seatsMin: table.seatsMin ?? 1,
            seatsMax: table.seatsMax,
            zoneId: table.zone ? zoneId(table.zone) : null,
            isReservable: table.isReservable ?? true,
          })),
        )
        .returning()
    : [];
  const table = (number: string) => {
    const row = tableRows.find((r) => r.number === number);
    if (!row) throw new Error(`no table ${number}`);
    return row.id;
  };
  const groupIds = new Map<string, number>();
  for (const group of options.groups ?? []) {
    const [row] = await db
      .insert(schema.tableGroups)
      .values({
        restaurantId: restaurant.id,
        name: group.name,
        seatsMin: group.seatsMin,
        seatsMax: group.seatsMax,
      })
      .returning();
    if (!row) throw new Error('group was not created');
    groupIds.set(group.name, row.id);
    await db
      .insert(schema.tableGroupMembers)
      .values(group.tables.map((number) => ({ groupId: row.id, tableId: table(number) })));
  }
  const group = (name: string) => {
    const id = groupIds.get(name);
    if (id === undefined) throw new Error(`no group ${name}`);
    return id;
  };
  if (options.hours) {
    const hours = options.hours;
    await db
      .insert(schema.workTimes)
      .values(
        Array.from({ length: 7 }, (_, weekday) => ({ restaurantId: restaurant.id, weekday, ...hours })),
      );
  }
  return { id: restaurant.id, table, zone: zoneId, group };
}
