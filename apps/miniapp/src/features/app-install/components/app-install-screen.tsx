import '../app-install.css';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Page } from '../../../shared/ui/page';
import { showToast } from '../../../shared/ui/toast';
import { acceptInstallOffer } from '../install-offer';
import { useInstall } from '../use-install';

/** /app-install ('Установка приложения'): install here, or how to, or why not here. */
export function AppInstallScreen() {
  const { t } = useTranslation();
  const { availability, installHost } = useInstall();
  const install = async () => {
    if (await acceptInstallOffer()) showToast(t('pwa.installDone'));
  };
  return (
    <Page titleKey="pages.appInstall">
      <div className="app-install">
        <img className="app-install__icon" src="/icon-192.png" alt="" width={72} height={72} />
        <p className="lead">{t('pwa.lead')}</p>
        {availability === 'telegram' ? <p className="app-install__status">{t('pwa.inTelegram')}</p> : null}
        {availability === 'installed' ? (
          <div className="app-install__status" role="status">
            <p>{t('pwa.installed')}</p>
            <p className="app-install__hint">{t('pwa.installedHint')}</p>
          </div>
        ) : null}
        {availability === 'elsewhere' && installHost ? (
          <p className="app-install__status">
            <a href={`${window.location.protocol}//${installHost}/app-install`}>
              {t('pwa.wrongHost', { host: installHost })}
            </a>
          </p>
        ) : null}
        {availability === 'offer' ? (
          <button type="button" className="button button--wide" onClick={() => void install()}>
            {t('pwa.install')}
          </button>
        ) : null}
        {availability === 'offer' || availability === 'manual' ? (
          <section className="app-install__steps" aria-labelledby="app-install-how">
            <h2 id="app-install-how" className="app-install__subtitle">
              {t('pwa.howTo')}
            </h2>
            <ul>
              <li>{t('pwa.iosSteps')}</li>
              <li>{t('pwa.androidSteps')}</li>
              <li>{t('pwa.desktopSteps')}</li>
            </ul>
          </section>
        ) : null}
      </div>
    </Page>
  );
}
