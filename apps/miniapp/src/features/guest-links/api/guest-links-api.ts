import type { GuestLink, GuestLinks } from '@stolik/contracts';
import { queryOptions } from '@tanstack/react-query';
import { load } from '../../../shared/api/load';

export const guestLinksQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: ['guest-links', restaurantId],
    queryFn: ({ signal }) => load<GuestLinks>(`/api/restaurant/${restaurantId}/guest-links/`, { signal }),
    // The links change only with the product's address or the bot: no need to ask again soon.
    staleTime: 10 * 60_000,
  });

/** Where a link leads: the web page (any browser), or Telegram (the guest hears back in their chat). */
export type LinkKind = 'web' | 'telegram';

/** The Telegram way in: the registered Mini App opens the form at once; else the bot's deep link. */
export const telegramLinkOf = (link: GuestLink): string | null => link.mini_app ?? link.bot;

export const linkOf = (link: GuestLink, kind: LinkKind): string =>
  kind === 'telegram' ? (telegramLinkOf(link) ?? link.web) : link.web;
