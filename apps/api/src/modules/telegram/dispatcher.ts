import { randomUUID } from 'node:crypto';
import type { MiniAppAddress } from '@stolik/bot';
import type { Database } from '@stolik/db';
import { createServerI18n } from '@stolik/i18n';
import { type Api, GrammyError } from 'grammy';
import { inFlightWork, wakeableSleep } from '../../shared/background-worker';
import { CLEANUP_BATCH, createDeliveriesRepository } from './deliveries.repository';
import { DEFAULT_TUNING, type DispatcherTuning } from './dispatcher-tuning';
import { type NotificationFacts, type OutgoingMessage, renderNotification } from './notification-messages';
import { createSendFailures, type SendClaim } from './send-failures';

export interface DispatcherLogger {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
}

export interface DispatcherDeps {
  db: Database;
  /** A grammY Api without auto-retry: the dispatcher handles 429 itself, with its state in the database. */
  api: Api;
  publicUrl: () => string | undefined;
  /** The Mini App registered at @BotFather, for startapp links in buttons; undefined: web_app buttons. */
  miniApp?: () => MiniAppAddress | undefined;
  /** Wakes the dispatcher when something changed (LISTEN on the change channel); resolves to unlisten. */
  listen?: (wake: () => void) => Promise<() => Promise<void>>;
  logger?: DispatcherLogger;
  tuning?: Partial<DispatcherTuning>;
  /** Names this dispatcher in claim tokens and logs. */
  name?: string;
}

interface Scheduled extends SendClaim {
  /** When to send, on this process's clock (Date.now()). */
  dueAt: number;
}

export type Dispatcher = ReturnType<typeof createDispatcher>;

/**
 * Delivers the outbox in two steps, both safe to run in several processes at once:
 *
 * 1. Fan-out: pending outbox rows are locked (FOR UPDATE SKIP LOCKED) and turned, in the same
 *    transaction, into one delivery per recipient (active members of the restaurant, linked to
 *    Telegram, subscribed to that type and status; or the guest's chat). A crash rolls it back.
 * 2. Send: due deliveries, at most one per chat, are locked (SKIP LOCKED) and leased (claimed_at +
 *    claim_token), and each gets a send slot that respects the per-chat and overall rates, reserved
 *    in telegram_send_slots under one row lock so that every dispatcher counts together. A lease
 *    that runs out makes a message claimable again: it may rarely repeat, it never vanishes.
 *
 * A 429 moves the overall and the chat's next slot past retry_after (at most maxRetryAfterS); other
 * failures retry with exponential backoff; a 400 or 403 (chat not found, bot blocked), maxAttempts
 * tries, or maxRateLimitedInARow 429s in a row, fail the message for good, with last_error, for
 * admins to see.
 */
export function createDispatcher(deps: DispatcherDeps) {
  const { db, api } = deps;
  const repository = createDeliveriesRepository(db);
  const tuning: DispatcherTuning = { ...DEFAULT_TUNING, ...deps.tuning };
  const name = deps.name ?? `dispatcher-${randomUUID().slice(0, 8)}`;
  const i18n = createServerI18n();
  const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params ?? {});

  let state: 'idle' | 'running' | 'stopping' | 'dead' = 'idle';
  // Read through a function: the state changes while a send or a round awaits.
  const is = (wanted: typeof state) => state === wanted;
  let loopDone: Promise<void> = Promise.resolve();
  let unlisten: (() => Promise<void>) | null = null;
  /** Sends waiting for their slot: cancelled (and released) on stop. */
  const waiting = new Map<number, { timer: NodeJS.Timeout; token: string; fire: () => void }>();
  /** After a 429, nothing of this process goes out before this (epoch ms). */
  let pausedUntil = 0;
  /** What this dispatcher did, for logs, tests and the benchmark. */
  const stats = { sent: 0, rateLimited: 0, retried: 0, failed: 0, late: 0 };
  /** When the next clean-up is due (Date.now()); 0: at the first round. */
  let cleanupDueAt = 0;
  const failures = createSendFailures({
    db,
    repository,
    tuning,
    stats,
    pause: (untilMs) => {
      pausedUntil = Math.max(pausedUntil, untilMs);
    },
    logger: deps.logger,
  });

  const { wake, sleep } = wakeableSleep();

  /** Step 1: pending outbox rows become deliveries, in one transaction. Returns how many rows. */
  async function fanOut(): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await repository.pendingOutbox(tx, tuning.fanOutBatch);
      for (const row of rows) {
        let recipients: { userId: number | null; chatId: number }[] = [];
        let note: string | null = null;
        if (row.type === 'queue' || row.type === 'booking') {
          recipients = (await repository.staffRecipients(tx, row)).flatMap((r) =>
            r.chatId === null ? [] : [{ userId: r.userId, chatId: r.chatId }],
          );
        } else {
          note = `unknown outbox type '${row.type}'`;
        }
        if (recipients.length > 0) {
          await repository.addDeliveries(tx, row, recipients);
        } else {
          note ??= 'no subscribed recipient';
        }
        await repository.handOver(tx, row, note);
      }
      return rows.length;
    });
  }

  /**
   * Step 2a: claims due deliveries (one per chat whose slot is free) and reserves their send slots.
   * Returns what to send and in how long to look again.
   */
  async function claim(): Promise<{ scheduled: Scheduled[]; token: string; nextInMs: number }> {
    // Slots are reckoned on the database's clock, which every dispatcher shares; sends are timed on
    // this process's clock, from the moment the database's was read.
    const token = `${name}:${randomUUID()}`;
    return db.transaction(async (tx) => {
      // The overall slot row, locked: claims of every dispatcher take turns here (briefly).
      const globalRow = await repository.lockGlobalSlot(tx);
      const now = await repository.nowMs(tx);
      const localNow = Date.now();
      const nowDate = new Date(now);
      const candidates = await repository.claimable(tx, nowDate, new Date(now - tuning.leaseMs));

      let slot = Math.max(globalRow?.nextAt.getTime() ?? 0, now);
      const horizonEnd = now + tuning.horizonMs;
      const scheduled: Scheduled[] = [];
      // When a claim could next find something: a chat's slot frees, the overall one comes in range.
      let lookAgainAt = Number.POSITIVE_INFINITY;
      for (const c of candidates) {
        const chatFree = c.chatNextAt?.getTime() ?? 0;
        if (slot > horizonEnd) {
          // Half the horizon spent: claim the next batch (fewer, larger claims than one per slot).
          lookAgainAt = Math.min(lookAgainAt, slot - tuning.horizonMs / 2);
          break;
        }
        if (chatFree > slot) {
          lookAgainAt = Math.min(lookAgainAt, chatFree);
          continue;
        }
        scheduled.push({ id: c.id, chatId: c.chatId, attempts: c.attempts, dueAt: localNow + (slot - now) });
        // The chat may have more messages waiting behind this one.
        lookAgainAt = Math.min(lookAgainAt, slot + tuning.perChatIntervalMs);
        slot += tuning.globalIntervalMs;
      }
      if (scheduled.length > 0) {
        await repository.lease(
          tx,
          token,
          nowDate,
          scheduled.map((s) => ({
            id: s.id,
            chatId: s.chatId,
            nextAt: new Date(now + (s.dueAt - localNow) + tuning.perChatIntervalMs),
          })),
          new Date(slot),
        );
      }
      const nextInMs = Number.isFinite(lookAgainAt)
        ? Math.min(tuning.pollMs, Math.max(5, lookAgainAt - now))
        : tuning.pollMs;
      return { scheduled, token, nextInMs };
    });
  }

  async function facts(ids: number[]): Promise<Map<number, NotificationFacts>> {
    const rows = await repository.facts(ids);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Deletes in batches until a batch comes back short; returns how many rows went. */
  async function deleteAll(batch: () => Promise<unknown[]>): Promise<number> {
    let total = 0;
    for (;;) {
      const gone = (await batch()).length;
      total += gone;
      if (gone < CLEANUP_BATCH) return total;
    }
  }

  /**
   * Forgets what nobody needs any more, so that the tables stay small: messages sent long ago,
   * failed ones the admins have had months to see, outbox rows whose messages are all gone, and
   * chats' rate slots long past. Safe in several dispatchers at once (each row goes once).
   */
  async function cleanUp() {
    const sent = await deleteAll(() => repository.deleteOld('sent', tuning.keepSentMs));
    const failed = await deleteAll(() => repository.deleteOld('failed', tuning.keepFailedMs));
    // Handed over long ago and nothing of it left to show: the outbox row goes too.
    const handedOver = await deleteAll(() => repository.deleteHandedOver(tuning.keepSentMs));
    const freedSlots = await deleteAll(() => repository.deleteOldSlots(tuning.keepSlotsMs));
    const removed = { sent, failed, outbox: handedOver, slots: freedSlots };
    if (sent + failed + handedOver > 0) deps.logger?.info(removed, 'telegram: old rows deleted');
    return removed;
  }

  const markDelivered = (id: number, messageId: number | null, note: string | null = null) =>
    repository.markDelivered(id, messageId, note);

  /** Gives a claim back unsent (stopping, or paused by a 429): due again at `atMs`, no try counted. */
  const release = (id: number, token: string, atMs?: number) => repository.release(id, token, atMs);

  async function send(item: Scheduled, token: string, message: OutgoingMessage | null) {
    if (state === 'dead') return;
    if (state === 'stopping') return release(item.id, token);
    if (Date.now() < pausedUntil) return release(item.id, token, pausedUntil);
    if (Date.now() - item.dueAt > tuning.maxLatenessMs) {
      stats.late += 1;
      return release(item.id, token);
    }
    if (!message) return markDelivered(item.id, null, 'nothing to say about this row');
    let sent: { message_id: number };
    try {
      sent = await api.sendMessage(item.chatId, message.text, {
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
        ...(message.keyboard.length ? { reply_markup: { inline_keyboard: message.keyboard } } : {}),
      });
    } catch (error) {
      if (is('dead')) return;
      const retryAfter = error instanceof GrammyError ? error.parameters.retry_after : undefined;
      if (error instanceof GrammyError && error.error_code === 429) {
        return failures.rateLimited(item, token, retryAfter ?? 1);
      }
      return failures.failed(item, token, error);
    }
    if (is('dead')) return;
    stats.sent += 1;
    await markDelivered(item.id, sent.message_id);
  }

  const { track, settled } = inFlightWork((error: unknown) =>
    deps.logger?.error({ err: error }, 'telegram: recording a send failed'),
  );

  /** Step 2b: each claimed message goes out at its slot. */
  async function schedule(batch: Scheduled[], token: string) {
    if (batch.length === 0) return;
    const found = await facts(batch.map((s) => s.id));
    const publicUrl = deps.publicUrl();
    const miniApp = deps.miniApp?.();
    for (const item of batch) {
      const row = found.get(item.id);
      const message = row ? renderNotification(row, t, publicUrl, miniApp) : null;
      let fired = false;
      const fire = () => {
        if (fired) return;
        fired = true;
        const entry = waiting.get(item.id);
        if (entry) clearTimeout(entry.timer);
        waiting.delete(item.id);
        track(send(item, token, message));
      };
      waiting.set(item.id, { timer: setTimeout(fire, Math.max(0, item.dueAt - Date.now())), token, fire });
    }
  }

  async function loop() {
    while (is('running')) {
      let delay = tuning.pollMs;
      if (Date.now() >= cleanupDueAt) {
        cleanupDueAt = Date.now() + tuning.cleanupEveryMs;
        await cleanUp().catch((error: unknown) =>
          deps.logger?.error({ err: error }, 'telegram dispatcher: clean-up failed'),
        );
      }
      try {
        const fanned = await fanOut();
        const { scheduled, token, nextInMs } = await claim();
        await schedule(scheduled, token);
        delay = fanned >= tuning.fanOutBatch ? 0 : nextInMs;
      } catch (error) {
        if (!is('running')) break;
        deps.logger?.error({ err: error }, 'telegram dispatcher: a round failed');
        delay = tuning.pollMs * 4;
      }
      if (!is('running')) break;
      if (delay > 0) await sleep(delay);
    }
  }

  return {
    name,
    tuning,
    stats,

    /** Starts delivering; resolves once it is listening for changes. */
    async start(): Promise<void> {
      if (state !== 'idle') return;
      state = 'running';
      if (deps.listen) unlisten = await deps.listen(wake);
      loopDone = loop();
    },

    /** Looks for work now (a change was made). */
    wake,

    /** Deletes old messages, outbox rows and rate slots now (the loop does it every cleanupEveryMs). */
    cleanUp,

    /** Stops claiming, gives back what has not gone out yet, and waits for the sends under way. */
    async stop(): Promise<void> {
      if (state !== 'running') return;
      state = 'stopping';
      wake();
      await loopDone;
      const unsent = [...waiting.entries()];
      waiting.clear();
      for (const [id, entry] of unsent) {
        clearTimeout(entry.timer);
        await release(id, entry.token).catch(() => {});
      }
      await settled();
      await unlisten?.();
      unlisten = null;
      state = 'idle';
    },

    /**
     * Dies as a crashed process would: nothing more is sent or recorded, claims stay leased until
     * their lease runs out. For tests of crash safety.
     */
    async kill(): Promise<void> {
      state = 'dead';
      wake();
      for (const entry of waiting.values()) clearTimeout(entry.timer);
      waiting.clear();
      await loopDone.catch(() => {});
      await unlisten?.().catch(() => {});
      unlisten = null;
    },
  };
}
