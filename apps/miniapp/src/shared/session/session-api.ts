import type {
  InvitationAcceptBody,
  InvitationPreview,
  Me,
  SignUpBody,
  TelegramLink,
  TokenPair,
} from '@stolik/contracts';
import { load } from '../api/load';
import { post } from '../api/transport';

// Sign-in calls are public: a 401 there is an answer to show, not an expired session.
const pub = { auth: false } as const;

export const signIn = (email: string, password: string) =>
  post<TokenPair>('/api/auth/jwt/create/', { email, password }, pub) as Promise<TokenPair>;

export const verifyToken = (token: string) => post<object>('/api/auth/jwt/verify/', { token }, pub);

export const refreshTokens = (refresh: string) =>
  post<TokenPair>('/api/auth/jwt/refresh/', { refresh }, pub) as Promise<TokenPair>;

export const logOut = (refresh: string) => post<null>('/api/auth/token/logout/', { refresh }, pub);

export const signInWithTelegram = (initData: string, uuid?: string) =>
  post<TokenPair>(
    '/api/signin/telegram/',
    { init_data: initData },
    { ...pub, query: { UUID: uuid } },
  ) as Promise<TokenPair>;

export const signUp = (body: SignUpBody) => post<Me>('/api/user/', body, pub) as Promise<Me>;

export const getMe = (signal?: AbortSignal) => load<Me>('/api/user/me/', { signal });

/**
 * The profile asked with the given token as it is: a 401 renews nothing and ends nothing (the
 * session's start-up check, beside which it is asked, decides that).
 */
export const getMeWithToken = (access: string) =>
  load<Me>('/api/user/me/', { auth: false, headers: { Authorization: `Bearer ${access}` } });

export const getInvitation = (token: string, signal?: AbortSignal) =>
  load<InvitationPreview>(`/api/user/invite/${encodeURIComponent(token)}/`, { signal, auth: false });

/** Signed in: joins with the current account (the token is sent); otherwise `body` makes one. */
export const acceptInvitation = (token: string, body: InvitationAcceptBody, signedIn: boolean) =>
  post<TokenPair>(`/api/user/invite/${encodeURIComponent(token)}/accept/`, body, {
    auth: signedIn,
  }) as Promise<TokenPair>;

export const createTelegramLink = () =>
  post<TelegramLink>('/api/user/me/telegram-link/') as Promise<TelegramLink>;
