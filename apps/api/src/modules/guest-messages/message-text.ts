import { productUrl } from '@stolik/bot';
import type { GuestMessageContent } from './channels';

type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface MessageFacts {
  messageId: number;
  kind: string;
  restaurant: { name: string; timezone: string };
  guest: { token: string; number: number | null; seatingTime: Date | null; groupSize: number };
  subject: { kind: 'queue' | 'booking' };
}

function when(at: Date | null, timeZone: string, t: Translate): string {
  if (!at) return '';
  const date = new Intl.DateTimeFormat('ru-RU', { timeZone, day: '2-digit', month: '2-digit' }).format(at);
  const time = new Intl.DateTimeFormat('ru-RU', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return t('bot.notify.when', { date, time });
}

/** The guest's status page: their queue place or their booking. */
export function statusPath(subject: 'queue' | 'booking', token: string): string {
  return `/guest/${subject}/${encodeURIComponent(token)}`;
}

/**
 * The words of a guest message for push (and the base of the SMS text): the same sentences the
 * Telegram message says, plain text, with the guest's status page as its link.
 */
export function guestMessageContent(
  facts: MessageFacts,
  t: Translate,
  publicUrl: string | undefined,
): GuestMessageContent {
  const { restaurant, guest } = facts;
  const subject = { kind: facts.subject.kind, token: guest.token };
  const path = statusPath(facts.subject.kind, guest.token);
  // Without PUBLIC_URL a relative link: the service worker resolves it against its own origin.
  const url = productUrl(publicUrl, path) ?? path;
  const base = { messageId: facts.messageId, kind: facts.kind, title: restaurant.name, url, subject };
  if (facts.kind === 'called') {
    return {
      ...base,
      body: t('bot.notify.guestCalled', { restaurant: restaurant.name, number: guest.number ?? '?' }),
      answers: ['coming', 'not_coming'],
    };
  }
  const confirmed = facts.kind === 'booking_confirmed';
  return {
    ...base,
    body: t(confirmed ? 'bot.notify.guestBookingConfirmed' : 'bot.notify.guestBookingCancelled', {
      restaurant: restaurant.name,
      when: when(guest.seatingTime, restaurant.timezone, t),
      guests: t('bot.notify.guests', { count: guest.groupSize }),
    }),
    answers: confirmed ? ['coming', 'not_coming'] : [],
  };
}
