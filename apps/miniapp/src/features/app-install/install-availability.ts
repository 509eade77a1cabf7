/**
 * What the app can offer about installing itself here (spec §2 /app-install, §9 "install features
 * only on the main host"; the design card: never inside Telegram).
 * - telegram: opened inside Telegram: nothing to install;
 * - installed: already running as the installed app, or installed just now;
 * - elsewhere: not the main host: installing is offered there (a link);
 * - offer: the browser made its install offer: one button;
 * - manual: no offer (Safari, or the browser has not decided yet): the steps by hand.
 */
export type InstallAvailability = 'telegram' | 'installed' | 'elsewhere' | 'offer' | 'manual';

export function installAvailability(input: {
  inTelegram: boolean;
  runsInstalled: boolean;
  installedNow: boolean;
  /** The page's host (with its port), e.g. location.host. */
  host: string;
  /** The configured main host; null: every host is the main one. */
  installHost: string | null;
  hasOffer: boolean;
}): InstallAvailability {
  if (input.inTelegram) return 'telegram';
  if (input.runsInstalled || input.installedNow) return 'installed';
  if (input.installHost !== null && input.installHost.toLowerCase() !== input.host.toLowerCase())
    return 'elsewhere';
  return input.hasOffer ? 'offer' : 'manual';
}
