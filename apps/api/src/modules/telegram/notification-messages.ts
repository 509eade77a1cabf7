import {
  callbackData,
  escapeHtml,
  type MiniAppAddress,
  type MiniAppPlaces,
  miniAppButton,
  openButton,
  productUrl,
} from '@stolik/bot';
import type { InlineKeyboardButton } from 'grammy/types';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** What a message is made of: the outbox row it tells of, and its restaurant. */
export interface NotificationFacts {
  type: string;
  status: string;
  entityId: number;
  payload: Record<string, unknown>;
  restaurantId: number;
  restaurantName: string;
  timezone: string;
  /** The number of the booking's table, when it has one. */
  tableNumber: string | null;
}

export interface OutgoingMessage {
  /** HTML (parse_mode HTML): every piece of guest or staff input in it is escaped. */
  text: string;
  keyboard: InlineKeyboardButton[][];
}

const STAFF_QUEUE = ['live', 'called', 'joined', 'sat', 'cancelled'];
const STAFF_BOOKING = ['new', 'application', 'waiting', 'open', 'cancelled'];

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function when(iso: unknown, timeZone: string, t: Translate): string {
  const at = new Date(str(iso));
  if (Number.isNaN(at.getTime())) return '';
  const date = new Intl.DateTimeFormat('ru-RU', { timeZone, day: '2-digit', month: '2-digit' }).format(at);
  const time = new Intl.DateTimeFormat('ru-RU', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return t('bot.notify.when', { date, time });
}

function guests(payload: Record<string, unknown>, t: Translate): string {
  return t('bot.notify.guests', { count: num(payload.group_size) ?? 1 });
}

function name(payload: Record<string, unknown>, t: Translate): string {
  return escapeHtml(str(payload.name).trim() || t('bot.notify.noName'));
}

const rows = (...buttons: (InlineKeyboardButton | null)[][]): InlineKeyboardButton[][] =>
  buttons
    .map((row) => row.filter((b): b is InlineKeyboardButton => b !== null))
    .filter((row) => row.length > 0);

/**
 * The short Russian message of one outbox row, with its buttons: open it in the Mini App, and the
 * safe actions (confirm or decline a new booking, call a waiting guest; a guest: coming or not).
 * A screen the Mini App has a start parameter for opens by a t.me/<bot>/<app>?startapp= link when
 * the Mini App's short name is known (`miniApp`), else by its address.
 * null: nothing to say about this row (a type or status no one is told of).
 */
export function renderNotification(
  facts: NotificationFacts,
  t: Translate,
  publicUrl: string | undefined,
  miniApp?: MiniAppAddress,
): OutgoingMessage | null {
  const { payload, restaurantId: restaurant, entityId: id } = facts;
  const places: MiniAppPlaces = { publicUrl, miniApp };
  const title = (key: string) => `<b>${escapeHtml(t(key))}</b> · ${escapeHtml(facts.restaurantName)}`;

  if (facts.type === 'queue' && STAFF_QUEUE.includes(facts.status)) {
    const line = t('bot.notify.queueLine', {
      number: num(payload.number) ?? '?',
      name: name(payload, t),
      guests: guests(payload, t),
    });
    return {
      text: `${title(`bot.notify.queue.${facts.status}`)}\n${line}`,
      keyboard: rows(
        facts.status === 'live'
          ? [{ text: t('bot.notify.call'), callback_data: callbackData({ kind: 'queue-call', entry: id }) }]
          : [],
        [miniAppButton(t('bot.notify.openQueue'), productUrl(publicUrl, `/restaurant/${restaurant}`))],
      ),
    };
  }

  if (facts.type === 'booking' && STAFF_BOOKING.includes(facts.status)) {
    const parts = [
      t('bot.notify.bookingLine', {
        when: when(payload.seating_time, facts.timezone, t),
        name: name(payload, t),
        guests: guests(payload, t),
      }),
    ];
    if (facts.tableNumber) parts.push(t('bot.notify.table', { number: escapeHtml(facts.tableNumber) }));
    return {
      text: `${title(`bot.notify.booking.${facts.status}`)}\n${parts.join(' · ')}`,
      keyboard: rows(
        facts.status === 'new'
          ? [
              {
                text: t('bot.notify.confirm'),
                callback_data: callbackData({ kind: 'booking-confirm', booking: id }),
              },
              {
                text: t('bot.notify.decline'),
                callback_data: callbackData({ kind: 'booking-decline', booking: id }),
              },
            ]
          : [],
        [
          openButton(
            t('bot.notify.openBooking'),
            places,
            `/telegram/restaurant/${restaurant}/booking/${id}`,
            { kind: 'booking-card', restaurant, booking: id },
          ),
        ],
      ),
    };
  }

  if (facts.type === 'guest' && facts.status === 'called') {
    return {
      text: escapeHtml(
        t('bot.notify.guestCalled', { restaurant: facts.restaurantName, number: num(payload.number) ?? '?' }),
      ),
      keyboard: rows([
        {
          text: t('bot.notify.guestComing'),
          callback_data: callbackData({ kind: 'guest-queue', entry: id, answer: 'coming' }),
        },
        {
          text: t('bot.notify.guestNotComing'),
          callback_data: callbackData({ kind: 'guest-queue', entry: id, answer: 'cancel' }),
        },
      ]),
    };
  }

  if (
    facts.type === 'guest' &&
    (facts.status === 'booking_confirmed' || facts.status === 'booking_cancelled')
  ) {
    const confirmed = facts.status === 'booking_confirmed';
    const text = escapeHtml(
      t(confirmed ? 'bot.notify.guestBookingConfirmed' : 'bot.notify.guestBookingCancelled', {
        restaurant: facts.restaurantName,
        when: when(payload.seating_time, facts.timezone, t),
        guests: t('bot.notify.guests', { count: num(payload.group_size) ?? 1 }),
      }),
    );
    const token = str(payload.token);
    return {
      text,
      keyboard: confirmed
        ? rows(
            [
              {
                text: t('bot.notify.guestBookingComing'),
                callback_data: callbackData({ kind: 'guest-booking', booking: id, answer: 'coming' }),
              },
              {
                text: t('bot.notify.guestBookingCancel'),
                callback_data: callbackData({ kind: 'guest-booking', booking: id, answer: 'cancel' }),
              },
            ],
            [
              token
                ? miniAppButton(
                    t('bot.notify.guestBookingOpen'),
                    productUrl(publicUrl, `/guest/booking/${encodeURIComponent(token)}`),
                  )
                : null,
            ],
          )
        : // Declined or cancelled by the restaurant: another time may suit them.
          rows([
            openButton(t('bot.notify.guestBookingAgain'), places, `/guest/${restaurant}/booking`, {
              kind: 'booking',
              restaurant,
            }),
          ]),
    };
  }
  return null;
}
