import { type Database, schema, type Tx } from '@stolik/db';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';

const {
  autoReservationRules,
  bookingDurations,
  bookingSettings,
  diningTables,
  tableLocks,
  timeRules,
  workTimes,
  zoneClosures,
  zones,
} = schema;
export type TimeRuleRow = typeof timeRules.$inferSelect;
export type AutoRuleRow = typeof autoReservationRules.$inferSelect;
export type TableLockRow = typeof tableLocks.$inferSelect;

/** Where the inputs of availability are read and written; the rules are the settings service's. */
export function createBookingSettingsRepository(db: Database) {
  return {
    workTimes: (restaurantId: number) =>
      db
        .select()
        .from(workTimes)
        .where(eq(workTimes.restaurantId, restaurantId))
        .orderBy(asc(workTimes.weekday)),

    async setWorkTime(
      tx: Tx,
      restaurantId: number,
      day: { weekday: number; opens: string; closes: string; isClosed: boolean },
    ) {
      const { weekday, ...values } = day;
      await tx
        .insert(workTimes)
        .values({ restaurantId, weekday, ...values })
        .onConflictDoUpdate({ target: [workTimes.restaurantId, workTimes.weekday], set: values });
    },

    async replaceDurations(
      tx: Tx,
      restaurantId: number,
      list: { seatsFrom: number; seatsTo: number | null; minutes: number }[],
    ) {
      await tx.delete(bookingDurations).where(eq(bookingDurations.restaurantId, restaurantId));
      if (list.length > 0)
        await tx.insert(bookingDurations).values(list.map((d) => ({ restaurantId, ...d })));
    },

    async setGaps(
      tx: Tx,
      restaurantId: number,
      values: { preparationMinutes: number; cleaningMinutes: number },
    ) {
      await tx
        .insert(bookingSettings)
        .values({ restaurantId, ...values })
        .onConflictDoUpdate({ target: bookingSettings.restaurantId, set: values });
    },

    zones: (restaurantId: number) =>
      db
        .select()
        .from(zones)
        .where(eq(zones.restaurantId, restaurantId))
        .orderBy(asc(zones.sortOrder), asc(zones.name)),

    zoneOf: async (restaurantId: number, zoneId: number) =>
      (
        await db
          .select()
          .from(zones)
          .where(and(eq(zones.id, zoneId), eq(zones.restaurantId, restaurantId)))
      )[0],

    setZoneActive: (tx: Tx, zoneId: number, active: boolean) =>
      tx.update(zones).set({ isActive: active }).where(eq(zones.id, zoneId)),

    /** The closures of these zones from `date` on. */
    closuresFrom: (zoneIds: number[], date: string) =>
      zoneIds.length
        ? db
            .select()
            .from(zoneClosures)
            .where(and(inArray(zoneClosures.zoneId, zoneIds), gte(zoneClosures.date, date)))
            .orderBy(asc(zoneClosures.date), asc(zoneClosures.fromTime))
        : Promise.resolve([]),

    /** The zone's closures from `date` on, replaced (earlier ones are history and stay). */
    async replaceClosuresFrom(
      tx: Tx,
      zoneId: number,
      date: string,
      closures: { date: string; fromTime: string | null; toTime: string | null }[],
    ) {
      await tx.delete(zoneClosures).where(and(eq(zoneClosures.zoneId, zoneId), gte(zoneClosures.date, date)));
      if (closures.length > 0) await tx.insert(zoneClosures).values(closures.map((c) => ({ zoneId, ...c })));
    },

    /** The locks of one date, or of every date from `from` on. */
    locks: (restaurantId: number, date: { on: string } | { from: string }) =>
      db
        .select()
        .from(tableLocks)
        .where(
          and(
            eq(tableLocks.restaurantId, restaurantId),
            'on' in date ? eq(tableLocks.date, date.on) : gte(tableLocks.date, date.from),
          ),
        )
        .orderBy(asc(tableLocks.date), asc(tableLocks.id)),

    isTableOf: async (restaurantId: number, tableId: number): Promise<boolean> =>
      (
        await db
          .select({ id: diningTables.id })
          .from(diningTables)
          .where(and(eq(diningTables.id, tableId), eq(diningTables.restaurantId, restaurantId)))
      ).length > 0,

    addLock: async (tx: Tx, values: typeof tableLocks.$inferInsert): Promise<TableLockRow | undefined> =>
      (await tx.insert(tableLocks).values(values).returning())[0],

    /** true when the restaurant had that lock. */
    removeLock: async (tx: Tx, restaurantId: number, lockId: number): Promise<boolean> =>
      (
        await tx
          .delete(tableLocks)
          .where(and(eq(tableLocks.id, lockId), eq(tableLocks.restaurantId, restaurantId)))
          .returning({ id: tableLocks.id })
      ).length > 0,

    timeRules: (restaurantId: number) =>
      db.select().from(timeRules).where(eq(timeRules.restaurantId, restaurantId)).orderBy(asc(timeRules.id)),

    timeRule: async (id: number): Promise<TimeRuleRow | undefined> =>
      (await db.select().from(timeRules).where(eq(timeRules.id, id)))[0],

    addTimeRule: async (tx: Tx, values: typeof timeRules.$inferInsert): Promise<TimeRuleRow | undefined> =>
      (await tx.insert(timeRules).values(values).returning())[0],

    updateTimeRule: async (
      tx: Tx,
      id: number,
      values: Partial<TimeRuleRow>,
    ): Promise<TimeRuleRow | undefined> =>
      (await tx.update(timeRules).set(values).where(eq(timeRules.id, id)).returning())[0],

    removeTimeRule: (tx: Tx, id: number) => tx.delete(timeRules).where(eq(timeRules.id, id)),

    autoRules: (restaurantId: number) =>
      db
        .select()
        .from(autoReservationRules)
        .where(eq(autoReservationRules.restaurantId, restaurantId))
        .orderBy(asc(autoReservationRules.id)),

    autoRule: async (id: number): Promise<AutoRuleRow | undefined> =>
      (await db.select().from(autoReservationRules).where(eq(autoReservationRules.id, id)))[0],

    addAutoRule: async (values: typeof autoReservationRules.$inferInsert): Promise<AutoRuleRow | undefined> =>
      (await db.insert(autoReservationRules).values(values).returning())[0],

    updateAutoRule: async (id: number, values: Partial<AutoRuleRow>): Promise<AutoRuleRow | undefined> =>
      (
        await db.update(autoReservationRules).set(values).where(eq(autoReservationRules.id, id)).returning()
      )[0],

    removeAutoRule: (id: number) => db.delete(autoReservationRules).where(eq(autoReservationRules.id, id)),
  };
}
export type BookingSettingsRepository = ReturnType<typeof createBookingSettingsRepository>;
