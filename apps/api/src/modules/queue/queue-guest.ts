import type { GuestJoinBody, GuestQueueStatus } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { ACTIVE_QUEUE_STATUSES, type EntrySource } from '@stolik/domain';
import { isUniqueViolation } from '../../shared/db-errors';
import { deviceHash, isSameGuest } from '../../shared/guest-device';
import { conflict, HttpError, notFound } from '../../shared/http-errors';
import { idempotencyKeyReused, requestHash } from '../../shared/idempotency';
import { phoneOrThrow } from '../../shared/phone-input';
import { restaurantOrThrow } from '../restaurants/restaurant-or-throw';
import type { EntryRow, QueueRepository } from './queue.repository';
import type { QueueChanges } from './queue-changes';
import { type QueueWaits, type SharedReads, WAITING } from './queue-waits';

/** The guest's side: the restaurant's page, joining by the form, their entry's page (by token) and its cancel. */
export function createGuestQueue(
  db: Database,
  parts: { repository: QueueRepository; changes: QueueChanges; waits: QueueWaits; shared?: SharedReads },
) {
  const { repository, changes, waits, shared } = parts;
  /** The restaurant of a token whose page was read (bounded; an entry moved elsewhere is re-learnt). */
  const restaurantOfToken = new Map<string, number>();
  const TOKENS_KEPT = 50_000;

  /**
   * Every guest page of a restaurant's active entries, made at once from one read, kept until the
   * restaurant's next change (`shared`, the read cache): each change nudges every guest's page to
   * read again at the same moment (300 pages on a Friday night, `pnpm bench soak`), and one read
   * of the restaurant then answers them all, the same views `guestView` makes one by one.
   */
  async function pagesOf(restaurantId: number): Promise<Map<string, GuestQueueStatus>> {
    const rows = await repository.byRestaurantAndStatus(restaurantId, ACTIVE_QUEUE_STATUSES);
    // countAhead's order: (created_at, id) among the waiting ones.
    const waitingOrder = rows
      .filter((row) => WAITING.includes(row.entry.status))
      .map((row) => row.entry)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
    const place = new Map(waitingOrder.map((entry, i) => [entry.id, i]));
    const quotes = waitingOrder.length > 0 ? await waits.estimates(restaurantId) : new Map();
    return new Map(
      rows.map(({ entry, name }) => {
        const waiting = WAITING.includes(entry.status);
        return [
          entry.guestToken,
          {
            token: entry.guestToken,
            restaurant: entry.restaurantId,
            restaurant_name: name,
            number: entry.number,
            status: entry.status,
            position: waiting ? (place.get(entry.id) ?? null) : null,
            waiting_time: waiting ? (quotes.get(entry.id)?.waitMinutes ?? null) : null,
          },
        ];
      }),
    );
  }

  /** The guest's entry by its secret token, with the restaurant's name; 404 for any other token. */
  async function entryByToken(token: string): Promise<{ entry: EntryRow; name: string }> {
    const row = await repository.findByToken(token);
    if (!row) throw notFound();
    return row;
  }

  async function guestView(entry: EntryRow, restaurantName: string): Promise<GuestQueueStatus> {
    const waiting = WAITING.includes(entry.status);
    return {
      token: entry.guestToken,
      restaurant: entry.restaurantId,
      restaurant_name: restaurantName,
      number: entry.number,
      status: entry.status,
      position: waiting ? await repository.countAhead(entry, WAITING) : null,
      waiting_time: waiting
        ? ((await waits.estimates(entry.restaurantId)).get(entry.id)?.waitMinutes ?? null)
        : null,
    };
  }

  return {
    /**
     * POST /api/public/restaurant/{id}/queue/: the guest form. The same phone while waiting: 409
     * 'Ты уже в очереди', with the entry (its page's token) only for the guest it belongs to, proved
     * by the device key or the Telegram chat (guest-device.ts); anyone else learns nothing more.
     * From the Mini App, the guest's Telegram chat is kept for the message that their table is ready.
     */
    async guestJoin(
      restaurantId: number,
      body: GuestJoinBody,
      key: string | null,
      source: EntrySource,
      telegramChatId: number | null = null,
      /** The phone's limit is used up: thrown where an entry would be made (rate-limit.ts `creating`). */
      phoneLimit: HttpError | null = null,
    ) {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      const phone = phoneOrThrow(body.phone, true);
      // The same form sent again (a double tap, a retry): the entry it made the first time; the
      // same key with another form: 422, never the entry (and token) of whoever sent it first.
      const bodyHash = requestHash(`POST queue ${restaurant.id}`, body);
      const replayed = async (idempotencyKey: string) => {
        const same = await repository.findByIdempotencyKey(restaurant.id, idempotencyKey);
        if (same && same.idempotencyHash !== bodyHash) throw idempotencyKeyReused();
        return same ? { created: false, status: await guestView(same, restaurant.name) } : null;
      };
      if (key) {
        const earlier = await replayed(key);
        if (earlier) return earlier;
      }
      const alreadyQueued = async () => {
        const existing = await repository.activeOfPhone(restaurant.id, phone, ACTIVE_QUEUE_STATUSES);
        const own = existing && isSameGuest(existing, { deviceKey: body.device_key, telegramChatId });
        const view = own ? await guestView(existing, restaurant.name) : null;
        return {
          existing,
          error: new HttpError(409, 'errors.alreadyQueued', 'already_queued', view ? { ...view } : {}),
        };
      };
      // Past the phone's limit the replay above still answered, and so does a guest already
      // waiting (their own entry, to them); nothing new is made.
      if (phoneLimit) {
        const queued = await alreadyQueued();
        throw queued.existing ? queued.error : phoneLimit;
      }
      // The hall read before the party is written, its quote recorded with it (queue-waits.ts).
      const hall = await waits.hallOf(restaurant.id);
      try {
        const entry = await changes.insert({
          quote: (id) => waits.joinQuote(hall, { id, partySize: body.group_size, source }),
          restaurantId: restaurant.id,
          timezone: restaurant.timezone,
          groupSize: body.group_size,
          name: body.name,
          phone,
          event: body.event ?? null,
          comment: body.comment,
          source,
          idempotencyKey: key,
          idempotencyHash: key ? bodyHash : null,
          telegramChatId,
          guestDeviceHash: body.device_key ? deviceHash(body.device_key) : null,
          by: null,
        });
        return { created: true, status: await guestView(entry, restaurant.name) };
      } catch (error) {
        if (key && isUniqueViolation(error, 'queue_entries_idempotency_uq')) {
          const earlier = await replayed(key);
          if (earlier) return earlier;
        }
        if (isUniqueViolation(error, 'queue_entries_active_phone_uq')) throw (await alreadyQueued()).error;
        throw error;
      }
    },

    async guestStatus(token: string): Promise<GuestQueueStatus> {
      const known = restaurantOfToken.get(token);
      if (shared && known !== undefined) {
        const page = (await shared(known, 'guest-pages', () => pagesOf(known))).get(token);
        if (page) return page;
      }
      const row = await entryByToken(token);
      if (restaurantOfToken.size >= TOKENS_KEPT) restaurantOfToken.clear();
      restaurantOfToken.set(token, row.entry.restaurantId);
      return guestView(row.entry, row.name);
    },

    async guestCancel(token: string): Promise<GuestQueueStatus> {
      const row = await entryByToken(token);
      const updated =
        row.entry.status === 'cancelled' ? row.entry : await changes.move(row.entry, 'cancelled', null);
      return guestView(updated, row.name);
    },

    /**
     * 'Я на месте': the called guest is at the door, and every staff screen marks them 'Пришел'.
     * Only once called (a waiting guest could say it from home and be taken for present); said
     * again, it changes nothing. A visit that is over is refused (409).
     */
    async guestArrived(token: string): Promise<GuestQueueStatus> {
      const row = await entryByToken(token);
      if (row.entry.status === 'joined') return guestView(row.entry, row.name);
      if (row.entry.status !== 'called') {
        throw conflict(
          row.entry.status === 'live' || row.entry.status === 'reserve'
            ? 'guestReach.notCalled'
            : 'guestReach.finished',
        );
      }
      return guestView(await changes.move(row.entry, 'joined', null), row.name);
    },

    /** For the guest's event stream: which restaurant's changes concern this token. */
    async guestEntryRef(token: string): Promise<{ id: number; restaurantId: number } | null> {
      return (await repository.refByToken(token)) ?? null;
    },

    async publicRestaurant(id: number) {
      const restaurant = await restaurantOrThrow(db, id);
      const hall = await waits.hallOf(id);
      // What a couple joining now would wait: the figure a guest weighs before joining.
      // By the form: the figure a guest weighs before joining from the link.
      const [couple] = waits
        .simulate(hall, [{ id: -1, partySize: 2, from: 'away' }])
        .filter((e) => e.id === -1);
      return {
        id: restaurant.id,
        name: restaurant.name,
        queue_open: hall.tables.length > 0,
        typical_wait: couple?.waitMinutes ?? null,
      };
    },
  };
}
