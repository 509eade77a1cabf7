import { Api } from 'grammy';

/*
 * How the dispatcher paces its sends (dispatcher.ts): Telegram's limits, retries and clean-up, how
 * a run of 429s is counted, and the Bot API client whose wait fits a claim's lease.
 */

export interface DispatcherTuning {
  /** At most one message per chat in this long (Telegram: about one per second per chat). */
  perChatIntervalMs: number;
  /** At least this long between two messages overall (Telegram: 30 per second per bot). */
  globalIntervalMs: number;
  /** How far ahead a claim reserves send slots. */
  horizonMs: number;
  /** A claimed message not finished within this long is claimed again (its dispatcher died). */
  leaseMs: number;
  /**
   * A message whose moment has passed by more than this (the process was busy) is not sent late,
   * where it could crowd the next second, but given back and claimed again with a new slot.
   */
  maxLatenessMs: number;
  /** Tries before a message is marked failed (a 429 is not a try). */
  maxAttempts: number;
  /**
   * The longest retry_after honoured, in seconds: a longer one (a buggy proxy, a misread header)
   * is waited this long, not days, and the message is tried again then.
   */
  maxRetryAfterS: number;
  /**
   * 429s in a row for one message before it is marked failed: a 429 is not a try, but a message
   * Telegram refuses this many times running (with nothing else between) will not retry forever.
   */
  maxRateLimitedInARow: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Without a wake-up, look for work this often. */
  pollMs: number;
  /** Outbox rows turned into deliveries per transaction. */
  fanOutBatch: number;
  /** How often old rows are deleted (and once at start). */
  cleanupEveryMs: number;
  /** Sent messages are kept this long (and outbox rows whose messages are all gone). */
  keepSentMs: number;
  /** Failed messages stay listed for the admins this long. */
  keepFailedMs: number;
  /** A chat's rate slot this far in the past says nothing any more (the chat is free). */
  keepSlotsMs: number;
}

/**
 * Telegram's limits with room for a send that leaves up to maxLatenessMs after its slot: slots
 * 1.15 s apart per chat and 40 ms apart overall keep any chat's two messages at least 1.05 s apart
 * and any second at 28 messages at most, even when every message leaves as late as allowed.
 */
export const DEFAULT_TUNING: DispatcherTuning = {
  perChatIntervalMs: 1150,
  globalIntervalMs: 40,
  maxLatenessMs: 100,
  horizonMs: 1000,
  leaseMs: 60_000,
  maxAttempts: 10,
  maxRetryAfterS: 3600,
  maxRateLimitedInARow: 20,
  backoffBaseMs: 5000,
  backoffMaxMs: 30 * 60_000,
  pollMs: 500,
  fanOutBatch: 100,
  cleanupEveryMs: 10 * 60_000,
  keepSentMs: 30 * 24 * 3600_000,
  keepFailedMs: 90 * 24 * 3600_000,
  keepSlotsMs: 60_000,
};

/**
 * A 429's last_error, which also counts the 429s in a row for that message (no column of its own:
 * any other outcome overwrites last_error, and so ends the run): '429 #3: retry after 5 s'.
 */
export const rateLimitNote = (inARow: number, seconds: number) => `429 #${inARow}: retry after ${seconds} s`;
/** How many 429s in a row a message's last_error tells of (0: its last outcome was something else). */
export function rateLimitedInARow(lastError: string | null): number {
  const run = /^429 #(\d+):/.exec(lastError ?? '');
  return run ? Number(run[1]) : 0;
}

/**
 * The dispatcher's own Bot API client: no auto-retry (429s are its business), a bounded wait.
 * A send must end within its claim's lease, or another dispatcher could send it again while it
 * hangs: a claimed message waits up to about a second for its slot (the claim's horizon), so the
 * wait is the lease less two seconds (at most 30 s).
 */
export function createDeliveryApi(token: string, apiRoot?: string, leaseMs = DEFAULT_TUNING.leaseMs): Api {
  const timeoutSeconds = Math.max(1, Math.min(30, Math.floor((leaseMs - 2000) / 1000)));
  return new Api(token, { ...(apiRoot ? { apiRoot } : {}), timeoutSeconds });
}
