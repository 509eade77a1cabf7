import { parseStartParam } from '@stolik/domain';
import { paths } from '../routing/paths';

/** The screen a start parameter opens (domain's start-param.ts spells them), or null. */
export function startRoute(startParam: string | null): string | null {
  const target = parseStartParam(startParam);
  if (!target) return null;
  switch (target.kind) {
    case 'queue':
      return paths.guestQueue(target.restaurant);
    case 'booking':
      return paths.guestBooking(target.restaurant);
    case 'booking-card':
      return paths.telegramBooking(target.restaurant, target.booking);
  }
}

const FOLLOWED_KEY = 'stolik/startParamFollowed';

/**
 * A launch with a start parameter opens its screen, once: a reload keeps the launch parameters (and
 * so the parameter), and must leave the person where they went since. A launch is known by its
 * init data's signature, so a new launch in the same tab is followed again.
 */
export function followStartParam(
  startParam: string | null,
  rawInitData: string | null,
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
): void {
  const to = startRoute(startParam);
  if (!to) return;
  const launch = `${new URLSearchParams(rawInitData ?? '').get('hash') ?? ''}:${startParam}`;
  try {
    if (storage.getItem(FOLLOWED_KEY) === launch) return;
    storage.setItem(FOLLOWED_KEY, launch);
  } catch {
    // Storage refused (a private mode): following it again after a reload is the lesser harm.
  }
  // The fragment stays: it carries the launch parameters.
  if (window.location.pathname !== to) window.history.replaceState(null, '', `${to}${window.location.hash}`);
}
