import type { PushKey, PushSubscribed, PushSubscriptionBody } from '@stolik/contracts';
import { get, post, request } from '../../shared/api/transport';

/** Whose page: the queue place or the booking, by its token. */
export type PushSubjectKind = 'queue' | 'booking';

// Guests never sign in: every call is public.
const pub = { auth: false } as const;
const pathOf = (kind: PushSubjectKind, token: string) =>
  `/api/public/${kind}/${encodeURIComponent(token)}/push/`;

/** The server's VAPID public key (base64url): the applicationServerKey to subscribe with. */
export const loadPushKey = async () =>
  ((await get<PushKey>('/api/public/push-key/', pub)) as PushKey).public_key;

export const savePushSubscription = (
  kind: PushSubjectKind,
  token: string,
  subscription: PushSubscriptionBody,
) => post<PushSubscribed>(pathOf(kind, token), subscription, pub);

export const forgetPushSubscription = (kind: PushSubjectKind, token: string, endpoint: string) =>
  request<null>('DELETE', pathOf(kind, token), { ...pub, body: { endpoint } });
