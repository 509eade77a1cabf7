import type { Me, TokenPair } from '@stolik/contracts';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { clearCachedData } from '../api/cached-data';
import { localTokenStore } from '../api/token-store';
import { ApiError } from '../api/transport';
import {
  forgetLastData,
  rememberedProfile,
  rememberProfile,
  storedSessionOwner,
} from '../offline/last-session';
import { isGuestPath } from '../routing/paths';
import { telegramEnvironment, telegramInitData } from '../telegram/telegram';
import { getMe, getMeWithToken, logOut, refreshTokens, signInWithTelegram, verifyToken } from './session-api';

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
  /** The profile as an answer of the API gave it (linking Telegram returns the new one). */
  updateMe: (me: Me) => void;
  /** Asks the API for the profile again (back from linking Telegram in the bot's chat). */
  reloadMe: () => void;
}

const SessionContext = createContext<SessionState | null>(null);

/** The profile asked again after a failure once, a second later (as the query cache did). */
const PROFILE_RETRY_MS = 1000;
/** A profile older than this is asked again when the app comes back into view. */
const PROFILE_FRESH_MS = 60_000;

async function loadProfile(signal: AbortSignal): Promise<Me> {
  try {
    return await getMe(signal);
  } catch (error) {
    if (signal.aborted) throw error;
    await new Promise((resolve) => setTimeout(resolve, PROFILE_RETRY_MS));
    if (signal.aborted) throw error;
    return getMe(signal);
  }
}

function detailOf(error: unknown): string | null {
  const reply = error instanceof ApiError ? error.reply : null;
  // Init data the API could not read: 400 with the message on the init_data field.
  return reply ? (reply.detail ?? reply.fields.init_data ?? null) : null;
}

/**
 * Whether an access token says it is still good (its `exp`, read, not verified): only such a token
 * is worth asking the profile with before the check, which alone decides.
 */
function unexpired(access: string, now = Date.now()): boolean {
  const payload = access.split('.')[1];
  if (!payload) return false;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' && claims.exp * 1000 > now;
  } catch {
    return false;
  }
}

let askedAtStart: { access: string; profile: Promise<Me | null> } | null = null;

/**
 * Asks for the profile with the stored token as soon as the app's code runs (main.tsx), before the
 * first render: the session takes the answer when it starts (below) instead of asking then.
 */
export function askProfileAtStart(): void {
  const access = localTokenStore.getAccess();
  if (access && unexpired(access))
    askedAtStart = { access, profile: getMeWithToken(access).catch(() => null) };
}

/** The profile asked with the stored token before the check: asked at start, or now; null without one. */
function profileBeforeCheck(): Promise<Me | null> | null {
  const access = localTokenStore.getAccess();
  const asked = askedAtStart;
  askedAtStart = null;
  if (!access || !unexpired(access)) return null;
  return asked?.access === access ? asked.profile : getMeWithToken(access).catch(() => null);
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
  const [checked, setChecked] = useState(false);
  const [hasToken, setHasToken] = useState(() => localTokenStore.getAccess() !== null);
  const [telegramProblem, setTelegramProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [expired, setExpired] = useState(false);
  // The profile kept on the device shows the last data on a start without a network (last-session.ts).
  const [me, setMe] = useState<{ profile: Me | null; at: number }>(() => ({
    profile: rememberedProfile(storedSessionOwner()),
    at: 0,
  }));
  const [profileError, setProfileError] = useState<unknown>(null);
  const [profileAsked, setProfileAsked] = useState(0);

  useEffect(() => localTokenStore.subscribe((tokens) => setHasToken(tokens.access !== null)), []);

  // One start-up check per attempt, even when React runs the effect twice (StrictMode): a refresh
  // token works once, so two checks racing would sign a valid session out.
  const run = useRef<{ attempt: number; done: Promise<void> } | null>(null);
  // At start the profile is asked beside the check, with the stored token as it is (if it says it
  // has not expired): a profile in reply proves the token, and the screens need not wait for the
  // check (issue #21). Anything else leaves it to the check, and the profile is asked after it.
  const early = useRef<Promise<Me | null> | null>(null);
  const [proven, setProven] = useState(false);

  useEffect(() => {
    let cancelled = false;
    if (run.current?.attempt !== attempt) {
      run.current = { attempt, done: checkStoredSession(setExpired, setTelegramProblem) };
      if (attempt === 0) early.current = profileBeforeCheck();
    }
    if (attempt === 0) {
      void early.current?.then((profile) => {
        if (cancelled || !profile) return;
        rememberProfile(profile);
        // The screens this lets in are drawn as a transition: in slices between which the browser
        // may do other work, not in one long task (issue #21).
        startTransition(() => {
          setMe({ profile, at: Date.now() });
          setProfileError(null);
          setProven(true);
        });
      });
    }
    void run.current.done.finally(() => {
      if (cancelled) return;
      setChecked(true);
      // A retry asks for the profile again only once the tokens are settled.
      if (attempt > 0) setProfileAsked((n) => n + 1);
    });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  // The profile of whoever the tokens are, once they are checked: again after start(), a retry or reloadMe().
  useEffect(() => {
    if (!checked || !hasToken) return;
    const controller = new AbortController();
    const first = profileAsked === 0 ? early.current : null;
    const asked = first
      ? first.then((profile) => profile ?? loadProfile(controller.signal))
      : loadProfile(controller.signal);
    asked.then(
      (profile) => {
        if (controller.signal.aborted) return;
        rememberProfile(profile);
        // As above: what the profile lets in is drawn in slices.
        startTransition(() => {
          setMe({ profile, at: Date.now() });
          setProfileError(null);
        });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setProfileError(error);
      },
    );
    return () => controller.abort();
  }, [checked, hasToken, profileAsked]);

  // Back in view after a while (another app, another tab), the profile is asked again.
  const meAt = me.at;
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible' && Date.now() - meAt > PROFILE_FRESH_MS)
        setProfileAsked((n) => n + 1);
    };
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, [meAt]);

  const start = useCallback((pair: TokenPair) => {
    clearCachedData();
    setMe({ profile: null, at: 0 });
    setProfileError(null);
    setTelegramProblem(null);
    setExpired(false);
    localTokenStore.set(pair);
    setProfileAsked((n) => n + 1);
  }, []);

  const signOut = useCallback(async () => {
    const refresh = localTokenStore.getRefresh();
    localTokenStore.clear();
    clearCachedData();
    forgetLastData();
    setMe({ profile: null, at: 0 });
    if (refresh) await logOut(refresh).catch(() => null);
  }, []);

  const retry = useCallback(() => {
    setChecked(false);
    setAttempt((n) => n + 1);
  }, []);

  const updateMe = useCallback((profile: Me) => {
    setMe({ profile, at: Date.now() });
    rememberProfile(profile);
  }, []);

  const reloadMe = useCallback(() => setProfileAsked((n) => n + 1), []);

  const profile = me.profile;
  let status: SessionStatus;
  if (!checked && !(proven && hasToken && profile)) status = 'checking';
  else if (!hasToken) status = 'signed-out';
  else if (profile) status = 'signed-in';
  else if (profileError)
    status = profileError instanceof ApiError && profileError.status === 401 ? 'signed-out' : 'failed';
  else status = 'checking';

  const value = useMemo<SessionState>(
    () => ({ status, me: profile, telegramProblem, expired, start, signOut, retry, updateMe, reloadMe }),
    [status, profile, telegramProblem, expired, start, signOut, retry, updateMe, reloadMe],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
