import type { TokenPair } from '@stolik/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session';
import { type FormErrors, formErrorsOf } from '../../../shared/ui/form-errors';

const noErrors: FormErrors = { fields: {}, general: null };

/**
 * What every way in shares (sign-in, sign-up, an accepted invitation): get a token pair, start the
 * session, go on; or show the API's messages by field.
 */
export function useSessionStart() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<TokenPair>, to: string, beforeStart?: () => void) => {
    setBusy(true);
    try {
      const pair = await work();
      beforeStart?.();
      session.start(pair);
      void navigate(to, { replace: true });
    } catch (error) {
      setErrors(formErrorsOf(error, t('errors.network')));
    } finally {
      setBusy(false);
    }
  };

  /** Client-side problems found before sending: shown, and nothing is sent. */
  const refuse = (fields: Record<string, string>): boolean => {
    setErrors({ fields, general: null });
    return Object.keys(fields).length > 0;
  };

  return { busy, errors, setErrors, run, refuse };
}
