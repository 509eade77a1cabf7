import { startAppUrl } from '@stolik/bot';
import type { GuestLink, GuestLinks } from '@stolik/contracts';
import { type StartTarget, startParamFor } from '@stolik/domain';

export interface GuestLinkPlaces {
  /** The product's address (PUBLIC_URL, else the well-formed host this request came to: app.ts linksFor). */
  publicUrl: string;
  /** The bot's @username; null without a bot or while Telegram cannot be reached. */
  botUsername: string | null;
  /** BOT_MINIAPP_SHORT_NAME; undefined when the Mini App is not registered. */
  miniAppShortName: string | undefined;
}

/**
 * The ways into one guest form: the page itself, the bot's `/start` deep link (the bot greets the
 * guest and opens the form in Telegram, so the answer comes back to their chat: guest-links.ts of
 * the bot), and the registered Mini App's startapp link. The same start parameters as the bot and
 * the Mini App parse (@stolik/domain start-param), so one truth spells every link.
 */
export function guestLink(
  places: GuestLinkPlaces,
  target: StartTarget & { kind: 'queue' | 'booking' },
): GuestLink {
  const param = startParamFor(target);
  const { botUsername, miniAppShortName } = places;
  return {
    web: `${places.publicUrl.replace(/\/+$/, '')}/guest/${target.restaurant}/${target.kind}`,
    bot: botUsername ? `https://t.me/${botUsername}?start=${param}` : null,
    mini_app:
      botUsername && miniAppShortName
        ? startAppUrl({ botUsername, shortName: miniAppShortName }, target)
        : null,
  };
}

export function guestLinks(
  places: GuestLinkPlaces,
  restaurant: { id: number; name: string; hasBookings: boolean },
): GuestLinks {
  return {
    restaurant: restaurant.id,
    restaurant_name: restaurant.name,
    queue: guestLink(places, { kind: 'queue', restaurant: restaurant.id }),
    booking: restaurant.hasBookings
      ? guestLink(places, { kind: 'booking', restaurant: restaurant.id })
      : null,
  };
}
