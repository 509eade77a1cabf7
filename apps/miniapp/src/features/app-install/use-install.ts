import { telegramEnvironment } from '../../shared/telegram/telegram';
import { useSuperSetup } from './api/super-setup';
import { type InstallAvailability, installAvailability } from './install-availability';
import { runsInstalled, useInstallOfferState } from './install-offer';

/** What may be offered here about installing the app, once the deployment's settings are known. */
export function useInstall(): {
  availability: InstallAvailability;
  installHost: string | null;
  ready: boolean;
} {
  const settings = useSuperSetup();
  const { offer, installedNow } = useInstallOfferState();
  const installHost = settings.data?.main_host ?? null;
  return {
    availability: installAvailability({
      inTelegram: telegramEnvironment().inTelegram,
      runsInstalled: runsInstalled(),
      installedNow,
      host: window.location.host,
      installHost,
      hasOffer: offer !== null,
    }),
    installHost,
    ready: settings.isSuccess,
  };
}
