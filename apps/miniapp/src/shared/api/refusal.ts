import { type TextKey, useTranslation } from '../i18n/i18n';
import { ApiError } from './transport';

/** The server's own words for a refusal (a 409 says why), or null when it gave none. */
export function refusalDetail(error: unknown): string | null {
  return error instanceof ApiError ? (error.reply?.detail ?? null) : null;
}

/** Why the server refused, for the code to act on ('booking_conflict'…), or null. */
export function refusalCode(error: unknown): string | null {
  return error instanceof ApiError ? (error.reply?.code ?? null) : null;
}

/**
 * What a toast or a form says of a refused action: the screen's own words for a refusal it names
 * by code (`byCode`: where the server's detail is meant for someone else, e.g. the guest's 'Ты уже
 * в очереди' when the hostess adds a walk-in), else the server's own words, else the screen's
 * general message for a failure (`fallbackKey`).
 */
export function useRefusalMessage(fallbackKey: TextKey, byCode: Readonly<Record<string, TextKey>> = {}) {
  const { t } = useTranslation();
  return (error: unknown): string => {
    const code = refusalCode(error);
    const own = code === null ? undefined : byCode[code];
    return own ? String(t(own)) : (refusalDetail(error) ?? String(t(fallbackKey)));
  };
}
