import { ROLE_ADMIN, type Role } from '@stolik/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from './client';
import {
  bookingDurations,
  bookingSettings,
  diningTables,
  memberships,
  restaurants,
  type SchemeDocumentColumn,
  schemeVersions,
  tableGroupMembers,
  tableGroups,
  users,
  workTimes,
  zones,
} from './schema';

export interface SeedOptions {
  adminEmail: string;
  /** Already hashed: the database package knows nothing of password hashing. */
  adminPasswordHash: string;
}

export interface SeedResult {
  restaurantCreated: boolean;
  adminCreated: boolean;
}

const SEED_LOCK_KEY = 7_311_043;

/**
 * Fills an empty database with the demo restaurant and the first superuser. Safe to run on every
 * start and from several processes at once: it adds only what is missing.
 */
export async function seed(db: Database, options: SeedOptions): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const restaurantCreated = await seedDemoRestaurant(tx);
    const adminCreated = await seedSuperuser(tx, options);
    return { restaurantCreated, adminCreated };
  });
}

async function seedDemoRestaurant(tx: Tx): Promise<boolean> {
  const [existing] = await tx.select({ id: restaurants.id }).from(restaurants).limit(1);
  if (existing) return false;

  const [restaurant] = await tx
    .insert(restaurants)
    .values({ name: 'Демо', timezone: 'Europe/Moscow', hasBookings: true })
    .returning({ id: restaurants.id });
  if (!restaurant) throw new Error('seed: restaurant was not created');

  const zoneRows = await tx
    .insert(zones)
    .values([
      { restaurantId: restaurant.id, name: 'Зал', sortOrder: 0 },
      { restaurantId: restaurant.id, name: 'Веранда', sortOrder: 1 },
    ])
    .returning({ id: zones.id, name: zones.name });
  const hall = zoneRows.find((zone) => zone.name === 'Зал');
  const veranda = zoneRows.find((zone) => zone.name === 'Веранда');
  if (!hall || !veranda) throw new Error('seed: zones were not created');

  // Eight tables in the hall (two rows) and four on the veranda, laid out for the map.
  const hallTables = Array.from({ length: 8 }, (_, i) => {
    const seats = [2, 2, 4, 4, 4, 4, 6, 8][i] ?? 4;
    return {
      restaurantId: restaurant.id,
      zoneId: hall.id,
      number: String(i + 1),
      seatsMin: seats > 2 ? 2 : 1,
      seatsMax: seats,
      shape: seats >= 6 ? ('rectangle' as const) : seats === 2 ? ('round' as const) : ('square' as const),
      x: 40 + (i % 4) * 140,
      y: 40 + Math.floor(i / 4) * 140,
      width: seats >= 6 ? 120 : 80,
      height: 80,
    };
  });
  const verandaTables = Array.from({ length: 4 }, (_, i) => ({
    restaurantId: restaurant.id,
    zoneId: veranda.id,
    number: `В${i + 1}`,
    seatsMin: 1,
    seatsMax: i < 2 ? 2 : 4,
    shape: 'round' as const,
    x: 40 + i * 140,
    y: 360,
    width: 80,
    height: 80,
  }));
  const tables = await tx
    .insert(diningTables)
    .values([...hallTables, ...verandaTables])
    .returning();
  const byNumber = new Map(tables.map((table) => [table.number, table.id]));
  await tx.insert(schemeVersions).values({
    restaurantId: restaurant.id,
    version: 1,
    document: demoScheme(tables, { hall: hall.id, veranda: veranda.id }),
  });

  const groups = [
    { name: '3+4', seatsMin: 6, seatsMax: 8, members: ['3', '4'] },
    { name: 'В3+В4', seatsMin: 5, seatsMax: 8, members: ['В3', 'В4'] },
  ];
  for (const group of groups) {
    const [row] = await tx
      .insert(tableGroups)
      .values({
        restaurantId: restaurant.id,
        name: group.name,
        seatsMin: group.seatsMin,
        seatsMax: group.seatsMax,
      })
      .returning({ id: tableGroups.id });
    if (!row) throw new Error('seed: table group was not created');
    await tx.insert(tableGroupMembers).values(
      group.members.map((number) => {
        const tableId = byNumber.get(number);
        if (tableId === undefined) throw new Error(`seed: no table ${number}`);
        return { groupId: row.id, tableId };
      }),
    );
  }

  await tx.insert(workTimes).values(
    Array.from({ length: 7 }, (_, weekday) => ({
      restaurantId: restaurant.id,
      weekday,
      opens: '12:00',
      closes: '23:00',
    })),
  );
  await tx
    .insert(bookingSettings)
    .values({ restaurantId: restaurant.id, preparationMinutes: 0, cleaningMinutes: 15 });
  await tx.insert(bookingDurations).values([
    { restaurantId: restaurant.id, seatsFrom: 1, seatsTo: 2, minutes: 90 },
    { restaurantId: restaurant.id, seatsFrom: 3, seatsTo: 4, minutes: 120 },
    { restaurantId: restaurant.id, seatsFrom: 5, seatsTo: null, minutes: 150 },
  ]);
  return true;
}

/** The demo hall drawn around its tables: the two zones, walls, windows, the bar, the door. */
function demoScheme(
  tables: (typeof diningTables.$inferSelect)[],
  zoneIds: { hall: number; veranda: number },
): SchemeDocumentColumn {
  const rect = (x: number, y: number, width: number, height: number) => [
    { x, y },
    { x: x + width, y },
    { x: x + width, y: y + height },
    { x, y: y + height },
  ];
  const item = (
    kind: string,
    x: number,
    y: number,
    width: number,
    height: number,
    color: string | null = null,
  ) => ({
    kind,
    x,
    y,
    width,
    height,
    rotation: 0,
    color,
  });
  return {
    canvas: { width: 760, height: 500, grid: 20 },
    tables: tables.map((t) => ({
      table: t.id,
      shape: t.shape,
      x: t.x,
      y: t.y,
      width: t.width,
      height: t.height,
      rotation: t.rotation,
    })),
    zones: [
      { zone: zoneIds.hall, points: rect(20, 20, 600, 290), color: '#e3f2fd' },
      { zone: zoneIds.veranda, points: rect(20, 340, 600, 130), color: '#e8f5e9' },
    ],
    decorations: [
      item('wall', 10, 10, 740, 8),
      item('wall', 10, 318, 620, 8),
      item('wall', 742, 10, 8, 480),
      item('window', 120, 10, 120, 8),
      item('window', 400, 10, 120, 8),
      item('bar', 640, 40, 90, 240, '#8d6e63'),
      item('door', 742, 340, 8, 60),
      item('plant', 660, 430, 40, 40, '#66bb6a'),
    ],
    labels: [
      { text: 'Зал', x: 30, y: 284, rotation: 0, size: 18 },
      { text: 'Веранда', x: 30, y: 446, rotation: 0, size: 18 },
      { text: 'Бар', x: 665, y: 150, rotation: 0, size: 16 },
      { text: 'Вход', x: 680, y: 360, rotation: 0, size: 14 },
    ],
  };
}

async function seedSuperuser(tx: Tx, options: SeedOptions): Promise<boolean> {
  const [superuser] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isSuperuser, true))
    .limit(1);
  if (superuser) return false;
  const [admin] = await tx
    .insert(users)
    .values({
      email: options.adminEmail,
      passwordHash: options.adminPasswordHash,
      firstName: 'Администратор',
      isSuperuser: true,
    })
    .returning({ id: users.id });
  if (!admin) throw new Error('seed: superuser was not created');
  const allRestaurants = await tx.select({ id: restaurants.id }).from(restaurants);
  if (allRestaurants.length > 0) {
    await tx
      .insert(memberships)
      .values(allRestaurants.map((r) => ({ userId: admin.id, restaurantId: r.id, role: ROLE_ADMIN as Role })))
      .onConflictDoNothing();
  }
  return true;
}
