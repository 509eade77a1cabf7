import { type Database, schema, type Tx } from '@stolik/db';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { GuestChannelName } from './channels';

const {
  outbox,
  guestMessages: messages,
  guestMessageAttempts: attempts,
  notificationDeliveries: deliveries,
  pushSubscriptions,
  restaurants,
  queueEntries,
  bookings,
} = schema;

export type GuestMessageRow = typeof messages.$inferSelect;
export type AttemptRow = typeof attempts.$inferSelect;
type Executor = Pick<Database, 'select' | 'update' | 'insert' | 'delete' | 'execute'>;

/** `seconds` from now on the database's clock. */
const fromNow = (seconds: number) => sql`clock_timestamp() + make_interval(secs => ${seconds}::float8)`;

/** Where a message stands for its subject: a queue entry or a booking. */
export type Subject = { kind: 'queue'; id: number } | { kind: 'booking'; id: number };
export const subjectOf = (row: Pick<GuestMessageRow, 'queueEntryId' | 'bookingId'>): Subject =>
  row.queueEntryId !== null
    ? { kind: 'queue', id: row.queueEntryId }
    : { kind: 'booking', id: row.bookingId ?? 0 };
const ofSubject = (subject: Subject) =>
  subject.kind === 'queue' ? eq(messages.queueEntryId, subject.id) : eq(messages.bookingId, subject.id);

/** The SQL of the guest messenger (guest-messenger.ts says how it is used). */
export function createGuestMessagesRepository(db: Database) {
  return {
    /** The database's clock now, in epoch ms. */
    async nowMs(tx: Tx): Promise<number> {
      const result = (await tx.execute(
        sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`,
      )) as unknown as { rows: { ms: number | string }[] };
      return Number(result.rows[0]?.ms);
    },

    async answerWaitSeconds(tx: Tx, restaurantId: number): Promise<number> {
      const [row] = await tx
        .select({ s: restaurants.guestAnswerWaitSeconds })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId));
      return row?.s ?? 60;
    },

    /** The guest's Telegram chat, read afresh (a rung started later than the message). */
    async chatOf(tx: Tx, message: GuestMessageRow): Promise<number | null> {
      const [row] =
        message.queueEntryId !== null
          ? await tx
              .select({ chat: queueEntries.telegramChatId })
              .from(queueEntries)
              .where(eq(queueEntries.id, message.queueEntryId))
          : await tx
              .select({ chat: bookings.telegramChatId })
              .from(bookings)
              .where(eq(bookings.id, message.bookingId ?? 0));
      return row?.chat ?? null;
    },

    /** Pending guest outbox rows, oldest first, locked (rows another messenger holds are skipped). */
    pendingGuestOutbox: (tx: Tx, limit: number) =>
      tx
        .select({
          row: outbox,
          ladder: restaurants.guestLadder,
          // The entry or booking may be gone (erased, deleted) before its message goes out.
          subjectExists: sql<boolean>`case
            when ${outbox.status} = 'called'
              then exists (select 1 from ${queueEntries} where ${queueEntries.id} = ${outbox.entityId})
            else exists (select 1 from ${bookings} where ${bookings.id} = ${outbox.entityId}) end`,
        })
        .from(outbox)
        .innerJoin(restaurants, eq(restaurants.id, outbox.restaurantId))
        .where(
          and(
            eq(outbox.type, 'guest'),
            isNull(outbox.deliveredAt),
            isNull(outbox.failedAt),
            lte(outbox.nextAttemptAt, sql`now()`),
          ),
        )
        .orderBy(asc(outbox.id))
        .limit(limit)
        .for('update', { of: outbox, skipLocked: true }),

    handOver: async (tx: Tx, outboxId: number, note: string | null) => {
      await tx
        .update(outbox)
        .set({ deliveredAt: sql`now()`, claimedAt: sql`now()`, attempts: sql`${outbox.attempts} + 1`, note })
        .where(eq(outbox.id, outboxId));
    },

    createMessage: async (
      tx: Tx,
      values: {
        outboxId: number;
        restaurantId: number;
        subject: Subject;
        kind: string;
        ladder: GuestChannelName[];
      },
    ): Promise<GuestMessageRow> => {
      const [row] = await tx
        .insert(messages)
        .values({
          outboxId: values.outboxId,
          restaurantId: values.restaurantId,
          queueEntryId: values.subject.kind === 'queue' ? values.subject.id : null,
          bookingId: values.subject.kind === 'booking' ? values.subject.id : null,
          kind: values.kind,
          ladder: values.ladder,
          nextLookAt: sql`clock_timestamp()`,
        })
        .returning();
      if (!row) throw new Error('guest message not made');
      return row;
    },

    /** Messages whose moment to look again has come, locked; those another messenger holds are skipped. */
    dueMessages: (tx: Tx, limit: number) =>
      tx
        .select()
        .from(messages)
        .where(and(isNull(messages.finishedAt), lte(messages.nextLookAt, sql`clock_timestamp()`)))
        .orderBy(asc(messages.nextLookAt))
        .limit(limit)
        .for('update', { skipLocked: true }),

    attemptOf: async (tx: Tx, messageId: number, channel: string): Promise<AttemptRow | undefined> =>
      (
        await tx
          .select()
          .from(attempts)
          .where(and(eq(attempts.messageId, messageId), eq(attempts.channel, channel)))
      )[0],

    /** The rung's attempt; none is made when the message has been down this rung already. */
    addAttempt: async (
      tx: Tx,
      message: GuestMessageRow,
      channel: GuestChannelName,
      values: Partial<Pick<AttemptRow, 'status' | 'error' | 'deliveryId'>>,
    ) => {
      const done = values.status === 'failed' || values.status === 'skipped';
      const [row] = await tx
        .insert(attempts)
        .values({
          messageId: message.id,
          restaurantId: message.restaurantId,
          channel,
          ...values,
          ...(done ? { failedAt: sql`clock_timestamp()` } : {}),
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** The Telegram rung: the dispatcher's delivery to the guest's chat. */
    addTelegramDelivery: async (tx: Tx, message: GuestMessageRow, chatId: number) => {
      const [row] = await tx
        .insert(deliveries)
        .values({ outboxId: message.outboxId ?? 0, restaurantId: message.restaurantId, chatId, userId: null })
        .onConflictDoNothing()
        .returning({ id: deliveries.id });
      return row?.id ?? null;
    },

    setLadder: async (
      tx: Tx,
      id: number,
      values: { rung?: number; nextLookInS?: number | null; finished?: boolean },
    ) => {
      await tx
        .update(messages)
        .set({
          ...(values.rung !== undefined ? { rung: values.rung } : {}),
          ...(values.nextLookInS !== undefined
            ? { nextLookAt: values.nextLookInS === null ? null : fromNow(values.nextLookInS) }
            : {}),
          ...(values.finished ? { finishedAt: sql`clock_timestamp()`, nextLookAt: null } : {}),
        })
        .where(eq(messages.id, id));
    },

    /**
     * Telegram's rungs learn what the dispatcher did: sent (delivered_at) or failed. Returns the
     * messages whose rung changed, so that they are looked at now and their rows announced.
     */
    async syncTelegram(
      tx: Executor,
    ): Promise<{ restaurantId: number; queueEntryId: number | null; bookingId: number | null }[]> {
      const result = (await tx.execute(sql`
        with done as (
          update guest_message_attempts a
          set status = case when d.failed_at is not null then 'failed' else 'sent' end,
              sent_at = d.delivered_at,
              failed_at = d.failed_at,
              error = case when d.failed_at is not null then left(d.last_error, 200) end
          from notification_deliveries d
          where a.delivery_id = d.id and a.channel = 'telegram' and a.status = 'pending'
            and (d.delivered_at is not null or d.failed_at is not null)
          returning a.message_id, a.restaurant_id
        )
        update guest_messages m set next_look_at = clock_timestamp()
        from done where m.id = done.message_id and m.finished_at is null
        returning m.restaurant_id, m.queue_entry_id, m.booking_id
      `)) as unknown as {
        rows: { restaurant_id: number; queue_entry_id: number | null; booking_id: number | null }[];
      };
      return result.rows.map((r) => ({
        restaurantId: r.restaurant_id,
        queueEntryId: r.queue_entry_id,
        bookingId: r.booking_id,
      }));
    },

    /**
     * Guest deliveries whose dispatcher died mid-send (lease run out): perhaps sent, perhaps not.
     * The dispatcher does not send them again (a repeat could be a duplicate); here each fails, so
     * the ladder goes down, or, on the last rung, is given back to be sent once more.
     */
    async settleOrphanedTelegram(tx: Executor, leaseMs: number) {
      await tx.execute(sql`
        update notification_deliveries d
        set claimed_at = null, claim_token = null,
            failed_at = case when m.rung + 1 < cardinality(m.ladder) then clock_timestamp() end,
            last_error = 'lease ran out mid-send: perhaps sent'
        from guest_message_attempts a join guest_messages m on m.id = a.message_id
        where a.delivery_id = d.id and d.user_id is null
          and d.delivered_at is null and d.failed_at is null
          and d.claimed_at < clock_timestamp() - make_interval(secs => ${leaseMs / 1000}::float8)
      `);
    },

    /**
     * A rung the ladder left before it was sent: its Telegram delivery is not sent late, nor tried
     * again. A send already on its way may still land (then it is recorded as delivered).
     */
    async dropUnsentTelegram(tx: Tx, deliveryId: number) {
      await tx
        .update(deliveries)
        .set({ failedAt: sql`clock_timestamp()`, lastError: 'guest ladder moved on' })
        .where(
          and(eq(deliveries.id, deliveryId), isNull(deliveries.deliveredAt), isNull(deliveries.failedAt)),
        );
    },

    /** Marks a pending attempt as gone past its deadline (its send may still land later). */
    async markOverdue(tx: Tx, attemptId: number) {
      await tx
        .update(attempts)
        .set({ status: 'failed', error: 'deadline', failedAt: sql`clock_timestamp()` })
        .where(and(eq(attempts.id, attemptId), eq(attempts.status, 'pending')));
    },

    /**
     * Claims pending push and SMS attempts with a lease: unclaimed ones, or ones whose lease ran out
     * (their messenger died). Each claim counts a try, so a second claim knows a send may have left.
     */
    async claimOwn(leaseMs: number, token: string, limit: number, sending: number[] = []) {
      // This process's own sends under way are never claimed again by it, however long they take.
      const notOurs = sending.length
        ? sql`and id not in (${sql.join(
            sending.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``;
      const result = (await db.execute(sql`
        update guest_message_attempts a
        set claimed_at = clock_timestamp(), claim_token = ${token}, tries = a.tries + 1
        where a.id in (
          select id from guest_message_attempts
          where status = 'pending' and channel <> 'telegram' ${notOurs}
            and (claimed_at is null
              or claimed_at < clock_timestamp() - make_interval(secs => ${leaseMs / 1000}::float8))
          order by created_at, id
          limit ${limit}
          for update skip locked
        )
        returning a.id, a.message_id, a.channel, a.tries
      `)) as unknown as {
        rows: { id: number | string; message_id: number | string; channel: string; tries: number }[];
      };
      return result.rows.map((r) => ({
        id: Number(r.id),
        messageId: Number(r.message_id),
        channel: r.channel as GuestChannelName,
        tries: r.tries,
      }));
    },

    /** Records a claimed attempt's outcome, if the claim is still this one's. Returns the message. */
    async record(
      id: number,
      token: string,
      outcome:
        | { status: 'sent'; providerRef?: string | null; segments?: number | null }
        | { status: 'failed'; error: string },
      answerWaitS: (messageId: number) => number,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(attempts)
          .set(
            outcome.status === 'sent'
              ? {
                  status: 'sent',
                  sentAt: sql`clock_timestamp()`,
                  error: null,
                  failedAt: null,
                  providerRef: outcome.providerRef ?? null,
                  segments: outcome.segments ?? null,
                  claimedAt: null,
                  claimToken: null,
                }
              : {
                  status: 'failed',
                  error: outcome.error.slice(0, 200),
                  failedAt: sql`clock_timestamp()`,
                  claimedAt: null,
                  claimToken: null,
                },
          )
          .where(and(eq(attempts.id, id), eq(attempts.claimToken, token)))
          .returning({ messageId: attempts.messageId });
        if (!row) return null;
        // A failure goes down now; a send waits for the guest's answer.
        const wait = outcome.status === 'sent' ? answerWaitS(row.messageId) : 0;
        const [message] = await tx
          .update(messages)
          .set({ nextLookAt: fromNow(wait) })
          .where(and(eq(messages.id, row.messageId), isNull(messages.finishedAt)))
          .returning();
        return message ?? (await tx.select().from(messages).where(eq(messages.id, row.messageId)))[0] ?? null;
      });
    },

    /** A claim given back unsent (stopping): claimable again, the try not counted. */
    async release(id: number, token: string) {
      await db
        .update(attempts)
        .set({ claimedAt: null, claimToken: null, tries: sql`greatest(${attempts.tries} - 1, 0)` })
        .where(and(eq(attempts.id, id), eq(attempts.claimToken, token)));
    },

    messagesByIds: (ids: number[]) =>
      ids.length === 0 ? Promise.resolve([]) : db.select().from(messages).where(inArray(messages.id, ids)),

    /** What a message says and to whom: its subject's guest token, phone, chat and restaurant. */
    async factsOf(message: GuestMessageRow) {
      const [restaurant] = await db
        .select({
          name: restaurants.name,
          timezone: restaurants.timezone,
          waitS: restaurants.guestAnswerWaitSeconds,
        })
        .from(restaurants)
        .where(eq(restaurants.id, message.restaurantId));
      const subject = subjectOf(message);
      const [guest] =
        subject.kind === 'queue'
          ? await db
              .select({
                token: queueEntries.guestToken,
                phone: queueEntries.phone,
                chatId: queueEntries.telegramChatId,
                status: sql<string>`${queueEntries.status}::text`,
                number: queueEntries.number,
                seatingTime: sql<Date | null>`null`,
                groupSize: queueEntries.groupSize,
              })
              .from(queueEntries)
              .where(eq(queueEntries.id, subject.id))
          : await db
              .select({
                token: bookings.guestToken,
                phone: bookings.phone,
                chatId: bookings.telegramChatId,
                status: sql<string>`${bookings.status}::text`,
                number: sql<number | null>`null`,
                seatingTime: bookings.seatingTime,
                groupSize: bookings.groupSize,
              })
              .from(bookings)
              .where(eq(bookings.id, subject.id));
      if (!restaurant || !guest) return null;
      return { restaurant, guest, subject };
    },

    pushSubscriptionsOf: (subject: Subject) =>
      db
        .select()
        .from(pushSubscriptions)
        .where(
          subject.kind === 'queue'
            ? eq(pushSubscriptions.queueEntryId, subject.id)
            : eq(pushSubscriptions.bookingId, subject.id),
        ),

    dropPushSubscription: async (id: number) => {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    /**
     * What the guest did about their latest message: 'delivered' marks the push attempt (the
     * browser showed it); 'seen', 'coming', 'not_coming' are answers that end the ladder. An answer
     * never steps back ('seen' after 'coming' stays 'coming'). Returns the message changed.
     */
    async react(
      tx: Tx,
      subject: Subject,
      event: 'delivered' | 'seen' | 'coming' | 'not_coming',
      messageId?: number,
    ): Promise<GuestMessageRow | null> {
      const [latest] = await tx
        .select()
        .from(messages)
        .where(and(ofSubject(subject), messageId !== undefined ? eq(messages.id, messageId) : undefined))
        .orderBy(sql`${messages.id} desc`)
        .limit(1)
        .for('update');
      if (!latest) return null;
      if (event === 'delivered') {
        const changed = await tx
          .update(attempts)
          .set({ status: 'delivered', deliveredAt: sql`clock_timestamp()` })
          .where(
            and(
              eq(attempts.messageId, latest.id),
              eq(attempts.channel, 'push'),
              inArray(attempts.status, ['sent']),
            ),
          )
          .returning({ id: attempts.id });
        return changed.length > 0 ? latest : null;
      }
      const rank = { seen: 1, coming: 2, not_coming: 2 } as const;
      const before = latest.reaction as keyof typeof rank | null;
      if (before && before in rank && rank[before] >= rank[event]) return null;
      const [row] = await tx
        .update(messages)
        .set({
          reaction: event,
          reactedAt: sql`clock_timestamp()`,
          finishedAt: sql`coalesce(${messages.finishedAt}, clock_timestamp())`,
          nextLookAt: null,
        })
        .where(eq(messages.id, latest.id))
        .returning();
      return row ?? null;
    },
  };
}
export type GuestMessagesRepository = ReturnType<typeof createGuestMessagesRepository>;
