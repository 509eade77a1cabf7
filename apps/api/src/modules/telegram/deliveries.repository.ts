import { type Database, schema, type Tx } from '@stolik/db';
import {
  and,
  asc,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';

const {
  outbox,
  notificationDeliveries: deliveries,
  telegramSendSlots: slots,
  telegramNotificationSettings: settings,
  users,
  memberships,
  restaurants,
  diningTables,
} = schema;
export type OutboxRow = typeof outbox.$inferSelect;

const GLOBAL_KEY = 'global';
/** Chats looked at per claim: more than a claim's horizon can serve at 25 messages a second. */
const MAX_CHATS_PER_CLAIM = 500;
const chatKey = (chatId: number) => `chat:${chatId}`;
/** Rows deleted per statement: a big backlog goes in short transactions, never one long lock. */
export const CLEANUP_BATCH = 1000;

const ago = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000}::float8)`;
/** `seconds` from now on the database's clock (clock_timestamp: not the transaction's start). */
const fromNow = (seconds: number) => sql`clock_timestamp() + make_interval(secs => ${seconds}::float8)`;

const ofClaim = (id: number, token: string) => and(eq(deliveries.id, id), eq(deliveries.claimToken, token));

/**
 * Where the dispatcher keeps its work: the outbox, one delivery per recipient, and the send slots
 * every dispatcher shares (dispatcher.ts says how they are used).
 */
export function createDeliveriesRepository(db: Database) {
  return {
    /** The database's clock now, in epoch ms: the one every dispatcher shares. */
    async nowMs(tx: Tx): Promise<number> {
      const result = (await tx.execute(
        sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`,
      )) as unknown as { rows: { ms: number | string }[] };
      return Number(result.rows[0]?.ms);
    },

    /** Pending outbox rows, oldest first, locked (rows another dispatcher holds are skipped). */
    pendingOutbox: (tx: Tx, limit: number): Promise<OutboxRow[]> =>
      tx
        .select()
        .from(outbox)
        .where(
          and(
            // A guest's message goes down the guest messenger's ladder (modules/guest-messages).
            ne(outbox.type, 'guest'),
            isNull(outbox.deliveredAt),
            isNull(outbox.failedAt),
            lte(outbox.nextAttemptAt, sql`now()`),
          ),
        )
        .orderBy(asc(outbox.id))
        .limit(limit)
        .for('update', { skipLocked: true }),

    /** Who hears of a staff row: active members (or superusers) with Telegram, subscribed to it. */
    staffRecipients: (tx: Tx, row: OutboxRow) =>
      tx
        .select({ userId: users.id, chatId: users.telegramId })
        .from(settings)
        .innerJoin(users, eq(users.id, settings.userId))
        .where(
          and(
            eq(settings.restaurantId, row.restaurantId),
            eq(settings.type, row.type),
            sql`${row.status}::text = any(${settings.statuses})`,
            eq(users.isActive, true),
            isNotNull(users.telegramId),
            or(
              eq(users.isSuperuser, true),
              exists(
                tx
                  .select({ one: sql`1` })
                  .from(memberships)
                  .where(
                    and(eq(memberships.userId, users.id), eq(memberships.restaurantId, row.restaurantId)),
                  ),
              ),
            ),
          ),
        ),

    /** One delivery of the outbox row per recipient (one already made stays as it is). */
    addDeliveries: async (
      tx: Tx,
      row: OutboxRow,
      recipients: { userId: number | null; chatId: number }[],
    ) => {
      await tx
        .insert(deliveries)
        .values(
          recipients.map((r) => ({
            outboxId: row.id,
            restaurantId: row.restaurantId,
            chatId: r.chatId,
            userId: r.userId,
          })),
        )
        .onConflictDoNothing();
    },

    /** The outbox row is handed over (its deliveries made, or a note why there are none). */
    handOver: async (tx: Tx, row: OutboxRow, note: string | null) => {
      await tx
        .update(outbox)
        .set({ deliveredAt: sql`now()`, claimedAt: sql`now()`, attempts: row.attempts + 1, note })
        .where(eq(outbox.id, row.id));
    },

    /** The overall slot row, made if missing and locked: claims of every dispatcher take turns here. */
    async lockGlobalSlot(tx: Tx) {
      await tx
        .insert(slots)
        .values({ key: GLOBAL_KEY, nextAt: new Date(0) })
        .onConflictDoNothing();
      const [globalRow] = await tx.select().from(slots).where(eq(slots.key, GLOBAL_KEY)).for('update');
      return globalRow;
    },

    /**
     * The oldest claimable message of each chat (messages to one chat go out in order), oldest chats
     * first, locked (skipping those another dispatcher holds), each with when its chat's slot frees.
     * Claimable: unsent, not failed, due at `now`, and unleased or leased before `leaseCutoff`.
     */
    async claimable(tx: Tx, now: Date, leaseCutoff: Date) {
      const claimable = and(
        isNull(deliveries.deliveredAt),
        isNull(deliveries.failedAt),
        lte(deliveries.nextAttemptAt, now),
        // A lease run out: its dispatcher died mid-send. A staff message is sent again (a rare
        // repeat); a guest's is not: the guest messenger settles it and goes down the ladder.
        or(
          isNull(deliveries.claimedAt),
          and(lt(deliveries.claimedAt, leaseCutoff), isNotNull(deliveries.userId)),
        ),
      );
      // Read on its own, unlocked: inside the locking query the planner may run it once per row.
      const firstOfChat = tx
        .selectDistinctOn([deliveries.chatId], { id: deliveries.id, nextAttemptAt: deliveries.nextAttemptAt })
        .from(deliveries)
        .where(claimable)
        .orderBy(deliveries.chatId, deliveries.nextAttemptAt, deliveries.id)
        .as('first_of_chat');
      const firsts = await tx
        .select({ id: firstOfChat.id })
        .from(firstOfChat)
        .orderBy(asc(firstOfChat.nextAttemptAt), asc(firstOfChat.id))
        .limit(MAX_CHATS_PER_CLAIM);
      return tx
        .select({
          id: deliveries.id,
          chatId: deliveries.chatId,
          attempts: deliveries.attempts,
          chatNextAt: slots.nextAt,
        })
        .from(deliveries)
        .leftJoin(slots, eq(slots.key, sql`'chat:' || ${deliveries.chatId}`))
        .where(and(inArray(deliveries.id, firsts.length ? firsts.map((f) => f.id) : [-1]), claimable))
        .orderBy(asc(deliveries.nextAttemptAt), asc(deliveries.id))
        .for('update', { of: deliveries, skipLocked: true });
    },

    /**
     * Leases these deliveries to `token`, reserves each chat's next slot (never earlier than one it
     * has) and moves the overall slot to `globalNextAt`.
     */
    async lease(
      tx: Tx,
      token: string,
      now: Date,
      chats: { id: number; chatId: number; nextAt: Date }[],
      globalNextAt: Date,
    ) {
      await tx
        .update(deliveries)
        .set({ claimedAt: now, claimToken: token })
        .where(
          inArray(
            deliveries.id,
            chats.map((s) => s.id),
          ),
        );
      await tx
        .insert(slots)
        .values(chats.map((s) => ({ key: chatKey(s.chatId), nextAt: s.nextAt })))
        .onConflictDoUpdate({
          target: slots.key,
          set: { nextAt: sql`greatest(${slots.nextAt}, excluded.next_at)` },
        });
      await tx.update(slots).set({ nextAt: globalNextAt }).where(eq(slots.key, GLOBAL_KEY));
    },

    /** What the messages of these deliveries tell, with their restaurant and table. */
    facts: (ids: number[]) =>
      db
        .select({
          id: deliveries.id,
          type: outbox.type,
          status: outbox.status,
          entityId: outbox.entityId,
          payload: outbox.payload,
          restaurantId: outbox.restaurantId,
          restaurantName: restaurants.name,
          timezone: restaurants.timezone,
          tableNumber: diningTables.number,
        })
        .from(deliveries)
        .innerJoin(outbox, eq(outbox.id, deliveries.outboxId))
        .innerJoin(restaurants, eq(restaurants.id, outbox.restaurantId))
        .leftJoin(
          diningTables,
          sql`${diningTables.id} = case when jsonb_typeof(${outbox.payload}->'table') = 'number' then (${outbox.payload}->>'table')::int end`,
        )
        .where(inArray(deliveries.id, ids)),

    /** Deletes up to CLEANUP_BATCH messages sent (or failed) more than `ms` ago; returns those gone. */
    deleteOld: (which: 'sent' | 'failed', ms: number) => {
      const column = which === 'sent' ? deliveries.deliveredAt : deliveries.failedAt;
      return db
        .delete(deliveries)
        .where(
          inArray(
            deliveries.id,
            db
              .select({ id: deliveries.id })
              .from(deliveries)
              .where(lt(column, ago(ms)))
              .limit(CLEANUP_BATCH),
          ),
        )
        .returning({ id: deliveries.id });
    },

    /** Deletes up to CLEANUP_BATCH outbox rows handed over more than `ms` ago with no delivery left. */
    deleteHandedOver: (ms: number) =>
      db
        .delete(outbox)
        .where(
          inArray(
            outbox.id,
            db
              .select({ id: outbox.id })
              .from(outbox)
              .where(
                and(
                  lt(outbox.deliveredAt, ago(ms)),
                  notExists(
                    db.select({ one: sql`1` }).from(deliveries).where(eq(deliveries.outboxId, outbox.id)),
                  ),
                ),
              )
              .limit(CLEANUP_BATCH),
          ),
        )
        .returning({ id: outbox.id }),

    /** Deletes up to CLEANUP_BATCH chats' slots past more than `ms` ago; the overall one stays (one row, every claim locks it). */
    deleteOldSlots: (ms: number) =>
      db
        .delete(slots)
        .where(
          inArray(
            slots.key,
            db
              .select({ key: slots.key })
              .from(slots)
              .where(and(ne(slots.key, GLOBAL_KEY), lt(slots.nextAt, ago(ms))))
              .limit(CLEANUP_BATCH),
          ),
        )
        .returning({ key: slots.key }),

    markDelivered: async (id: number, messageId: number | null, note: string | null) => {
      await db
        .update(deliveries)
        .set({
          deliveredAt: sql`clock_timestamp()`,
          messageId,
          claimedAt: null,
          claimToken: null,
          lastError: note,
        })
        .where(eq(deliveries.id, id));
    },

    /** Gives a claim back unsent: due again at `atMs` when given, no try counted. */
    release: async (id: number, token: string, atMs?: number) => {
      await db
        .update(deliveries)
        .set({
          claimedAt: null,
          claimToken: null,
          ...(atMs ? { nextAttemptAt: new Date(atMs) } : {}),
        })
        .where(ofClaim(id, token));
    },

    /** The last error of a delivery still leased to `token`, locked; undefined when the lease is gone. */
    lockClaim: async (tx: Tx, id: number, token: string) =>
      (
        await tx
          .select({ lastError: deliveries.lastError })
          .from(deliveries)
          .where(ofClaim(id, token))
          .for('update')
      )[0],

    /**
     * A 429: the claim given back, due again in `seconds` (or failed when `givesUp`), and the overall
     * slot and this chat's moved past it, so that everyone waits.
     */
    rateLimited: async (
      tx: Tx,
      claim: { id: number; token: string; chatId: number },
      seconds: number,
      givesUp: boolean,
      lastError: string,
    ) => {
      const after = fromNow(seconds);
      await tx
        .update(deliveries)
        .set({
          claimedAt: null,
          claimToken: null,
          ...(givesUp ? { failedAt: sql`clock_timestamp()` } : { nextAttemptAt: after }),
          lastError,
        })
        .where(ofClaim(claim.id, claim.token));
      await tx
        .update(slots)
        .set({ nextAt: sql`greatest(${slots.nextAt}, ${after})` })
        .where(inArray(slots.key, [GLOBAL_KEY, chatKey(claim.chatId)]));
    },

    /** A try that failed: the message fails for good (`retryInMs` null) or is due again after that long. */
    failed: async (
      id: number,
      token: string,
      attempts: number,
      retryInMs: number | null,
      lastError: string,
    ) => {
      const next: { failedAt: SQL } | { nextAttemptAt: SQL } =
        retryInMs === null
          ? { failedAt: sql`clock_timestamp()` }
          : { nextAttemptAt: fromNow(retryInMs / 1000) };
      await db
        .update(deliveries)
        .set({ attempts, ...next, claimedAt: null, claimToken: null, lastError })
        .where(ofClaim(id, token));
    },
  };
}
export type DeliveriesRepository = ReturnType<typeof createDeliveriesRepository>;
