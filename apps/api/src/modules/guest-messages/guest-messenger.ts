import { randomUUID } from 'node:crypto';
import type { Database, Tx } from '@stolik/db';
import { createServerI18n } from '@stolik/i18n';
import { inFlightWork, wakeableSleep } from '../../shared/background-worker';
import { announceChange } from '../../shared/changes/changes.repository';
import type { GuestChannelName, GuestMessageContent, PushChannel, SmsChannel } from './channels';
import {
  createGuestMessagesRepository,
  type GuestMessageRow,
  type Subject,
  subjectOf,
} from './guest-messages.repository';
import { guestMessageContent } from './message-text';

/** The SMS rung: the provider, the one-segment text, and the restaurant's monthly budget. */
export interface SmsRung {
  channel: SmsChannel;
  /** The text of a message in one segment, with the short link to the guest's page. */
  text(content: GuestMessageContent, publicUrl: string | undefined): { text: string; segments: number };
  /** Counts an SMS into the restaurant's month; false: the budget is spent. */
  take(restaurantId: number, segments: number): Promise<boolean>;
  /** Gives back an SMS the provider did not take. */
  giveBack(restaurantId: number, segments: number): Promise<void>;
  /** Asks the provider how sent SMS fared (delivered or failed); returns how many changed. */
  pollStatuses?(): Promise<number>;
}

export interface MessengerLogger {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
}

export interface MessengerTuning {
  /** Without a wake-up, look for work this often. */
  pollMs: number;
  /** A claimed push or SMS send not finished within this long is taken for a dead messenger's. */
  leaseMs: number;
  /** The Telegram dispatcher's lease (its guest deliveries left mid-send are settled after it). */
  telegramLeaseMs: number;
  /** A rung not sent within this long goes down (Telegram slow or out of reach, a hanging provider). */
  sendDeadlineMs: number;
  /** Outbox rows, due messages and sends taken per round. */
  batch: number;
  /** How often the SMS provider is asked for delivery statuses. */
  smsPollMs: number;
}

export const DEFAULT_MESSENGER_TUNING: MessengerTuning = {
  pollMs: 500,
  leaseMs: 30_000,
  telegramLeaseMs: 60_000,
  sendDeadlineMs: 10_000,
  batch: 100,
  smsPollMs: 30_000,
};

export interface GuestMessengerDeps {
  db: Database;
  publicUrl: () => string | undefined;
  /** The channels this deployment has: Telegram when a bot runs, push always, SMS with an account. */
  telegram: boolean;
  push: PushChannel | null;
  sms: SmsRung | null;
  /** Wakes the messenger when something changed (LISTEN on the change channel); resolves to unlisten. */
  listen?: (wake: () => void) => Promise<() => Promise<void>>;
  logger?: MessengerLogger;
  tuning?: Partial<MessengerTuning>;
  name?: string;
}

export type GuestMessenger = ReturnType<typeof createGuestMessenger>;

/** A message's subject, told of an outbox row: a called queue entry, or a booking's outcome. */
function subjectOfOutbox(status: string, entityId: number): Subject | null {
  if (status === 'called') return { kind: 'queue', id: entityId };
  if (status === 'booking_confirmed' || status === 'booking_cancelled')
    return { kind: 'booking', id: entityId };
  return null;
}

/**
 * Takes guest messages down their ladder of channels (README.md in this folder): makes each
 * message from its outbox row, starts a rung, sends push and SMS rungs itself (Telegram's rung is
 * the dispatcher's), and goes down a rung on a failure, a missed deadline or no answer. Safe in
 * several processes at once: every step locks what it takes (SKIP LOCKED) or leases it.
 */
export function createGuestMessenger(deps: GuestMessengerDeps) {
  const { db } = deps;
  const repository = createGuestMessagesRepository(db);
  const tuning: MessengerTuning = { ...DEFAULT_MESSENGER_TUNING, ...deps.tuning };
  const name = deps.name ?? `messenger-${randomUUID().slice(0, 8)}`;
  const i18n = createServerI18n();
  const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params ?? {});
  const available: Record<GuestChannelName, boolean> = {
    telegram: deps.telegram,
    push: deps.push !== null,
    sms: deps.sms?.channel.configured ?? false,
  };
  const stats = { messages: 0, sent: { telegram: 0, push: 0, sms: 0 }, failed: 0, skipped: 0, wentDown: 0 };

  let state: 'idle' | 'running' | 'stopping' | 'dead' = 'idle';
  const is = (wanted: typeof state) => state === wanted;
  let loopDone: Promise<void> = Promise.resolve();
  let unlisten: (() => Promise<void>) | null = null;
  /** The push and SMS attempts this process is sending now. */
  const sending = new Set<number>();
  let smsPollDueAt = 0;
  /** A push or SMS rung was just started: send it in this round, not after a poll's sleep. */
  let wakeSenders = false;

  const { wake, sleep } = wakeableSleep();

  /** Tells every staff screen that this entry's or booking's mark changed. */
  async function announce(
    tx: Pick<Database, 'execute'>,
    message: Pick<GuestMessageRow, 'restaurantId' | 'queueEntryId' | 'bookingId'>,
  ) {
    const subject = subjectOf(message);
    await announceChange(tx, { kind: subject.kind, restaurant: message.restaurantId, id: subject.id });
  }

  /**
   * Starts the rung at `index`, or the first after it the guest can be reached on; finishes the
   * ladder when none is left. A rung the guest has no address for is recorded as skipped.
   */
  async function startRung(tx: Tx, message: GuestMessageRow, index: number, payloadChat: number | null) {
    for (let rung = index; rung < message.ladder.length; rung += 1) {
      const channel = message.ladder[rung] as GuestChannelName;
      if (channel === 'telegram') {
        const chatId = payloadChat;
        if (!chatId) {
          await repository.addAttempt(tx, message, channel, { status: 'skipped', error: 'no_chat' });
          stats.skipped += 1;
          continue;
        }
        const deliveryId = await repository.addTelegramDelivery(tx, message, chatId);
        const made = await repository.addAttempt(tx, message, channel, { deliveryId });
        if (!made) continue;
      } else {
        const made = await repository.addAttempt(tx, message, channel, {});
        if (!made) continue;
        wakeSenders = true;
      }
      await repository.setLadder(tx, message.id, { rung, nextLookInS: tuning.sendDeadlineMs / 1000 });
      await announce(tx, message);
      return;
    }
    await repository.setLadder(tx, message.id, { finished: true });
    await announce(tx, message);
  }

  /** Step 1: guest outbox rows become messages, each on its first rung. */
  async function fanOut(): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await repository.pendingGuestOutbox(tx, tuning.batch);
      for (const { row, ladder, subjectExists } of rows) {
        const subject = subjectOfOutbox(row.status, row.entityId);
        if (!subject || !subjectExists) {
          const note = subject
            ? 'guest: the entry or booking is gone'
            : `guest: nothing to say of '${row.status}'`;
          await repository.handOver(tx, row.id, note);
          continue;
        }
        const channels = ladder.filter(
          (c): c is GuestChannelName => c in available && available[c as GuestChannelName],
        );
        const message = await repository.createMessage(tx, {
          outboxId: row.id,
          restaurantId: row.restaurantId,
          subject,
          kind: row.status,
          ladder: channels,
        });
        stats.messages += 1;
        const chat = Number(row.payload.chat_id);
        await startRung(tx, message, 0, Number.isSafeInteger(chat) && chat !== 0 ? chat : null);
        await repository.handOver(tx, row.id, channels.length ? null : 'guest: no channel');
      }
      return rows.length;
    });
  }

  /** Step 2: due messages go down a rung, wait for the guest, or finish. */
  async function advance(): Promise<number> {
    const changed = await db.transaction(async (tx) => {
      await repository.settleOrphanedTelegram(tx, tuning.telegramLeaseMs);
      return repository.syncTelegram(tx);
    });
    if (changed.length) {
      await db.transaction(async (tx) => {
        for (const message of changed) await announce(tx, message);
      });
    }
    return db.transaction(async (tx) => {
      const due = await repository.dueMessages(tx, tuning.batch);
      for (const message of due) {
        const channel = message.ladder[message.rung];
        const attempt = channel ? await repository.attemptOf(tx, message.id, channel) : undefined;
        if (attempt && (attempt.status === 'sent' || attempt.status === 'delivered')) {
          // Sent: the guest has their time to answer, then the next rung.
          const waitS = await answerWait(tx, message.restaurantId);
          const since = (attempt.sentAt ?? attempt.createdAt).getTime();
          const left = since + waitS * 1000 - (await nowMs(tx));
          if (left > 0) {
            await repository.setLadder(tx, message.id, { nextLookInS: left / 1000 });
            continue;
          }
        } else if (attempt && attempt.status === 'pending') {
          // Not sent by its deadline. With no later rung that can reach this guest it is waited
          // for (a late message beats none); else the next rung now, and this send is dropped.
          if (!(await repository.reachableLater(tx, message, message.rung + 1))) {
            await repository.setLadder(tx, message.id, { nextLookInS: tuning.sendDeadlineMs / 1000 });
            continue;
          }
          await repository.markOverdue(tx, attempt.id);
          if (attempt.deliveryId) await repository.dropUnsentTelegram(tx, attempt.deliveryId);
        }
        stats.wentDown += 1;
        await startRung(tx, message, message.rung + 1, await chatOf(tx, message));
      }
      return due.length;
    });
  }

  const nowMs = (tx: Tx) => repository.nowMs(tx);
  const chatOf = (tx: Tx, message: GuestMessageRow) => repository.chatOf(tx, message);
  const waits = new Map<number, { s: number; at: number }>();
  /** The restaurant's seconds for an answer, read at most once a minute. */
  async function answerWait(tx: Tx, restaurantId: number): Promise<number> {
    const known = waits.get(restaurantId);
    if (known && Date.now() - known.at < 60_000) return known.s;
    const s = await repository.answerWaitSeconds(tx, restaurantId);
    waits.set(restaurantId, { s, at: Date.now() });
    return s;
  }

  /** Step 3: pending push and SMS rungs are claimed and sent. */
  async function sendOwn(): Promise<number> {
    const token = `${name}:${randomUUID()}`;
    const claimed = await repository.claimOwn(tuning.leaseMs, token, tuning.batch, [...sending]);
    if (claimed.length === 0) return 0;
    const messages = new Map(
      (await repository.messagesByIds(claimed.map((c) => c.messageId))).map((m) => [m.id, m]),
    );
    for (const claim of claimed) {
      const message = messages.get(claim.messageId);
      if (!message) continue;
      sending.add(claim.id);
      track(sendOne(claim, token, message).finally(() => sending.delete(claim.id)));
    }
    return claimed.length;
  }

  const { track, settled } = inFlightWork((error: unknown) =>
    deps.logger?.error({ err: error }, 'guest messenger: a send failed to record'),
  );

  const record = (
    id: number,
    token: string,
    outcome:
      | { status: 'sent'; providerRef?: string | null; segments?: number | null }
      | { status: 'failed'; error: string },
    restaurantId: number,
  ) =>
    repository
      .record(id, token, outcome, () => waits.get(restaurantId)?.s ?? 60)
      .then(async (message) => {
        if (is('dead')) return;
        if (outcome.status === 'failed') stats.failed += 1;
        if (message) {
          await announce(db, message);
          if (outcome.status === 'failed') wake();
        }
      });

  async function sendOne(
    claim: { id: number; channel: GuestChannelName; tries: number },
    token: string,
    message: GuestMessageRow,
  ) {
    if (is('dead')) return;
    const lastRung = message.rung + 1 >= message.ladder.length;
    // A second claim: the first messenger died with this send perhaps gone. Not again on this rung,
    // unless it is the last (then once more, with the same client id and push topic).
    if (claim.tries > 1 && !lastRung) {
      return record(
        claim.id,
        token,
        { status: 'failed', error: 'lease ran out mid-send: perhaps sent' },
        message.restaurantId,
      );
    }
    const facts = await repository.factsOf(message);
    if (is('dead')) return;
    if (!facts)
      return record(claim.id, token, { status: 'failed', error: 'subject gone' }, message.restaurantId);
    waits.set(message.restaurantId, { s: facts.restaurant.waitS, at: Date.now() });
    const content = guestMessageContent(
      {
        messageId: message.id,
        kind: message.kind,
        restaurant: facts.restaurant,
        guest: facts.guest,
        subject: { kind: facts.subject.kind },
      },
      t,
      deps.publicUrl(),
    );
    if (claim.channel === 'push') {
      const subscriptions = deps.push ? await repository.pushSubscriptionsOf(facts.subject) : [];
      if (subscriptions.length === 0) {
        return record(claim.id, token, { status: 'failed', error: 'no_subscription' }, message.restaurantId);
      }
      let sent = false;
      let lastError = 'push failed';
      for (const subscription of subscriptions) {
        // A dead process starts no new request (one already on its way may still land).
        if (is('dead')) return;
        const outcome = await (deps.push as PushChannel).send(subscription, content);
        if (is('dead')) return;
        if (outcome.ok) sent = true;
        else {
          lastError = outcome.error;
          if (outcome.gone) await repository.dropPushSubscription(subscription.id);
        }
      }
      if (sent) stats.sent.push += 1;
      return record(
        claim.id,
        token,
        sent ? { status: 'sent' } : { status: 'failed', error: lastError },
        message.restaurantId,
      );
    }
    if (claim.channel === 'sms') {
      const sms = deps.sms;
      if (!sms?.channel.configured)
        return record(claim.id, token, { status: 'failed', error: 'sms_off' }, message.restaurantId);
      if (!facts.guest.phone)
        return record(claim.id, token, { status: 'failed', error: 'no_phone' }, message.restaurantId);
      const { text, segments } = sms.text(content, deps.publicUrl());
      // A repeat after a crash was counted the first time.
      if (claim.tries <= 1 && !(await sms.take(message.restaurantId, segments))) {
        return record(claim.id, token, { status: 'failed', error: 'sms_budget' }, message.restaurantId);
      }
      if (is('dead')) return;
      const outcome = await sms.channel.send(facts.guest.phone, text, `gm${message.id}`);
      if (is('dead')) return;
      if (!outcome.ok) {
        await sms.giveBack(message.restaurantId, segments);
        return record(claim.id, token, { status: 'failed', error: outcome.error }, message.restaurantId);
      }
      stats.sent.sms += 1;
      return record(
        claim.id,
        token,
        { status: 'sent', providerRef: outcome.ref ?? null, segments },
        message.restaurantId,
      );
    }
    return record(
      claim.id,
      token,
      { status: 'failed', error: `unknown channel ${claim.channel}` },
      message.restaurantId,
    );
  }

  async function loop() {
    while (is('running')) {
      let delay = tuning.pollMs;
      try {
        const fanned = await fanOut();
        const advanced = await advance();
        const sent = await sendOwn();
        if (deps.sms?.pollStatuses && Date.now() >= smsPollDueAt) {
          smsPollDueAt = Date.now() + tuning.smsPollMs;
          await deps.sms
            .pollStatuses()
            .catch((error: unknown) =>
              deps.logger?.warn({ err: error }, 'guest messenger: SMS statuses not read'),
            );
        }
        if (fanned >= tuning.batch || advanced >= tuning.batch || sent >= tuning.batch || wakeSenders)
          delay = 0;
        wakeSenders = false;
      } catch (error) {
        if (!is('running')) break;
        deps.logger?.error({ err: error }, 'guest messenger: a round failed');
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
    available,
    wake,

    async start(): Promise<void> {
      if (state !== 'idle') return;
      state = 'running';
      if (deps.listen) {
        const stopListening = await deps.listen(wake);
        // Stopped while it was starting to listen: nothing more to start.
        if (!is('running')) {
          await stopListening().catch(() => {});
          return;
        }
        unlisten = stopListening;
      }
      loopDone = loop();
    },

    /** Stops taking work and waits for the sends under way. */
    async stop(): Promise<void> {
      if (state !== 'running') return;
      state = 'stopping';
      wake();
      await loopDone;
      await settled();
      await unlisten?.();
      unlisten = null;
      state = 'idle';
    },

    /** Dies as a crashed process would: nothing more is sent or recorded; claims stay leased. */
    async kill(): Promise<void> {
      state = 'dead';
      wake();
      await loopDone.catch(() => {});
      await unlisten?.().catch(() => {});
      unlisten = null;
    },

    /** One round now (tests): fan-out, advance, send. */
    async round(): Promise<void> {
      await fanOut();
      await advance();
      await sendOwn();
      await settled();
    },
  };
}
