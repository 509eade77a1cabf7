import '../app-install.css';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { readSetting, StorageKey, writeSetting } from '../../../shared/storage/local-settings';
import { showToast } from '../../../shared/ui/toast';
import { acceptInstallOffer } from '../install-offer';
import { useInstall } from '../use-install';

/**
 * The install prompt card of spec §2: shown on the home page (never above a work screen, where it
 * would push the queue down) when the browser offers to install the app (main host, not Telegram,
 * not installed yet). "Не сейчас" is remembered (spec §9's hide-install-prompt flag); the profile
 * menu's item and /app-install remain.
 */
export function InstallPromptCard() {
  const { t } = useTranslation();
  const { availability, ready } = useInstall();
  const [hidden, setHidden] = useState(() => readSetting(StorageKey.hideInstallPrompt) === '1');
  if (!ready || hidden || availability !== 'offer') return null;

  const dismiss = () => {
    writeSetting(StorageKey.hideInstallPrompt, '1');
    setHidden(true);
  };
  const install = async () => {
    if (await acceptInstallOffer()) showToast(t('pwa.installDone'));
  };
  return (
    <aside className="install-card" aria-labelledby="install-card-title">
      <img className="install-card__icon" src="/icon-192.png" alt="" width={44} height={44} />
      <div className="install-card__text">
        <h2 id="install-card-title" className="install-card__title">
          {t('pwa.promptTitle')}
        </h2>
        <p className="install-card__lead">{t('pwa.promptText')}</p>
      </div>
      <div className="install-card__actions">
        <button type="button" className="button" onClick={() => void install()}>
          {t('pwa.install')}
        </button>
        <button type="button" className="button button--plain" onClick={dismiss}>
          {t('pwa.notNow')}
        </button>
      </div>
    </aside>
  );
}
