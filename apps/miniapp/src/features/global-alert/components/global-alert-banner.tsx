import '../global-alert.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { readSetting, StorageKey, writeSetting } from '../../../shared/storage/local-settings';
import { alertHash } from '../alert-hash';
import { globalAlertQuery } from '../api/global-alert-api';

/**
 * The closable global alert of spec §2 at the top of the staff app. It is read on a timer (spec §9),
 * stays until closed (it is not an action's alert, which closes itself after 5000 ms), and a closed
 * text stays closed on this device until the superuser changes it.
 */
export function GlobalAlertBanner() {
  const { t } = useTranslation();
  const alert = useQuery(globalAlertQuery());
  const [closed, setClosed] = useState(() => readSetting(StorageKey.closedGlobalAlert));
  const text = alert.data?.text.trim() ?? '';
  if (!text || closed === alertHash(text)) return null;

  const close = () => {
    const hash = alertHash(text);
    writeSetting(StorageKey.closedGlobalAlert, hash);
    setClosed(hash);
  };

  return (
    <section className="global-alert" aria-label={t('globalAlert.region')} aria-live="polite">
      <p className="global-alert__text">{text}</p>
      <button
        type="button"
        className="icon-button global-alert__close"
        aria-label={t('globalAlert.close')}
        title={t('globalAlert.close')}
        onClick={close}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M6 6l12 12M18 6L6 18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </section>
  );
}
