import type { Me, TokenPair } from '@stolik/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { localTokenStore } from '../api/token-store';
import { ApiError } from '../api/transport';
import { forgetLastData } from '../offline/persisted-cache';
import { isGuestPath } from '../routing/paths';
import { telegramEnvironment, telegramInitData } from '../telegram/telegram';
import { getMe, logOut, refreshTokens, signInWithTelegram, verifyToken } from './session-api';

export type SessionStatus = 'checking' | 'signed-out' | 'signed-in' | 'failed';

interface SessionState {
  status: SessionStatus;
  me: Me | null;
  /** Why a Telegram launch did not sign in by itself (the API's message), for the login screen. */
  telegramProblem: string | null;
  /** A stored session was refused at start (spec §2: the login page then gets ?t=1). */
  expired: boolean;
  /** Stores a fresh token pair (after sign-in, sign-up or an accepted invitation). */
  start: (pair: TokenPair) => void;
  signOut: () => Promise<void>;
  retry: () => void;
}

const SessionContext = createContext<SessionState | null>(null);

export const meQueryKey = ['me'] as const;

function detailOf(error: unknown): string | null {
  const reply = error instanceof ApiError ? error.reply : null;
  // Init data the API could not read: 400 with the message on the init_data field.
  return reply ? (reply.detail ?? reply.fields.init_data ?? null) : null;
}

/**
 * Spec §2, §4: a stored token is verified; a refused one is refreshed once; if that fails the tokens
 * are cleared (and the login page says the session expired). Inside Telegram, with no session, the
 * app signs in by itself with the launch's init data.
 */
async function checkStoredSession(
  setExpired: (value: boolean) => void,
  setTelegramProblem: (value: string | null) => void,
): Promise<void> {
  const access = localTokenStore.getAccess();
  const refresh = localTokenStore.getRefresh();
  if (access) {
    try {
      await verifyToken(access);
      return;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) return; // offline: keep the session
    }
    if (refresh) {
      try {
        localTokenStore.set(await refreshTokens(refresh));
        return;
      } catch {
        // refused: the session is over
      }
    }
    localTokenStore.clear();
    setExpired(true);
  }
  const initData = telegramInitData();
  // A guest's form opened from the bot is not a staff sign-in: Telegram users are mostly guests.
  const guestPage = isGuestPath(window.location.pathname);
  if (telegramEnvironment().inTelegram && initData && !guestPage) {
    try {
      localTokenStore.set(await signInWithTelegram(initData));
      setExpired(false);
    } catch (error) {
      // '' means a failure without a message of its own: the screen shows the generic one.
      setTelegramProblem(detailOf(error) ?? '');
    }
  }
}

/**
 * Who is signed in. At start a stored token is verified before entry (spec §2, §4): a refused one is
 * refreshed once; if that fails, the tokens are cleared. Inside Telegram, with no session yet, the
 * app signs in by itself with the launch's init data.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState(false);
  const [hasToken, setHasToken] = useState(() => localTokenStore.getAccess() !== null);
  const [telegramProblem, setTelegramProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [expired, setExpired] = useState(false);

  useEffect(() => localTokenStore.subscribe((tokens) => setHasToken(tokens.access !== null)), []);

  // One start-up check per attempt, even when React runs the effect twice (StrictMode): a refresh
  // token works once, so two checks racing would sign a valid session out.
  const run = useRef<{ attempt: number; done: Promise<void> } | null>(null);

  useEffect(() => {
    let cancelled = false;
    if (run.current?.attempt !== attempt) {
      run.current = { attempt, done: checkStoredSession(setExpired, setTelegramProblem) };
    }
    void run.current.done.finally(() => {
      if (cancelled) return;
      setChecked(true);
      // A retry asks for the profile again only once the tokens are settled.
      if (attempt > 0) void queryClient.invalidateQueries({ queryKey: meQueryKey });
    });
    return () => {
      cancelled = true;
    };
  }, [attempt, queryClient]);

  const me = useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    enabled: checked && hasToken,
    retry: 1,
    staleTime: 60_000,
  });

  const start = useCallback(
    (pair: TokenPair) => {
      queryClient.clear();
      setTelegramProblem(null);
      setExpired(false);
      localTokenStore.set(pair);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    const refresh = localTokenStore.getRefresh();
    localTokenStore.clear();
    queryClient.clear();
    forgetLastData();
    if (refresh) await logOut(refresh).catch(() => null);
  }, [queryClient]);

  const retry = useCallback(() => {
    setChecked(false);
    setAttempt((n) => n + 1);
  }, []);

  let status: SessionStatus;
  if (!checked) status = 'checking';
  else if (!hasToken) status = 'signed-out';
  else if (me.data) status = 'signed-in';
  else if (me.isError)
    status = me.error instanceof ApiError && me.error.status === 401 ? 'signed-out' : 'failed';
  else status = 'checking';

  const value = useMemo<SessionState>(
    () => ({ status, me: me.data ?? null, telegramProblem, expired, start, signOut, retry }),
    [status, me.data, telegramProblem, expired, start, signOut, retry],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
