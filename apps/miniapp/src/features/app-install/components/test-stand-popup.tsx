import '../test-stand.css';
import { TEST_STAND_CLICKS } from '@stolik/domain';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useSuperSetup } from '../api/super-setup';

/** Spec §9: the test-stand warning goes away after 10 clicks on it (the constant is @stolik/domain's). */
export { TEST_STAND_CLICKS };

const DISMISSED = 'stolik.testStandDismissed';

/**
 * The test-stand warning of spec §2: on a deployment configured as a test stand, every page says
 * so until it has been clicked ten times, once per browser tab (so the warning is back tomorrow).
 */
export function TestStandPopup() {
  const { t } = useTranslation();
  const settings = useSuperSetup();
  const [clicksLeft, setClicksLeft] = useState(() =>
    sessionStorageValue(DISMISSED) === '1' ? 0 : TEST_STAND_CLICKS,
  );
  if (!settings.data?.test_stand || clicksLeft <= 0) return null;

  const click = () => {
    const left = clicksLeft - 1;
    if (left <= 0) rememberInSession(DISMISSED, '1');
    setClicksLeft(left);
  };
  return (
    <button type="button" className="test-stand" onClick={click} aria-describedby="test-stand-hint">
      <strong className="test-stand__title">{t('pwa.testStandTitle')}</strong>
      <span className="test-stand__text">{t('pwa.testStandText')}</span>
      <span id="test-stand-hint" className="test-stand__hint">
        {t('pwa.testStandHint', { count: clicksLeft })}
      </span>
    </button>
  );
}

function sessionStorageValue(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function rememberInSession(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Not remembered: the warning comes back on the next page load, which is no harm.
  }
}
