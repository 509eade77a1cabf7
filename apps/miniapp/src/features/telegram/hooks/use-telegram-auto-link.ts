import { useEffect, useRef } from 'react';
import { isGuestPath } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session';
import { telegramInitData } from '../../../shared/telegram/telegram';
import { completeTelegramAuth } from '../api/telegram-api';

/**
 * Inside the Mini App, signing in links Telegram by itself (issue #6): someone who signed in with
 * e-mail and password here, their Telegram not yet linked, gets it linked with this launch's signed
 * init data, once. A refusal (that Telegram belongs to someone else) changes nothing and is not
 * retried; the profile menu still offers the link. Guest pages never link: a guest is not staff.
 */
export function useTelegramAutoLink(): void {
  const { status, me, updateMe } = useSession();
  const tried = useRef<number | null>(null);
  useEffect(() => {
    const initData = telegramInitData();
    if (status !== 'signed-in' || !me || me.telegram_id !== null || !initData) return;
    if (tried.current === me.id || isGuestPath(window.location.pathname)) return;
    tried.current = me.id;
    completeTelegramAuth(initData)
      .then(updateMe)
      .catch((error: unknown) => console.warn('telegram: linking after sign-in was refused', error));
  }, [status, me, updateMe]);
}

/** The hook as an element, for the app's root. */
export function TelegramAutoLink(): null {
  useTelegramAutoLink();
  return null;
}
