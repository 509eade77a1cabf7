import type { PushSubscriptionBody } from '@stolik/contracts';
import { useCallback, useEffect, useState } from 'react';
import { readSetting, StorageKey, writeSetting } from '../../shared/storage/local-settings';
import {
  forgetPushSubscription,
  loadPushKey,
  type PushSubjectKind,
  savePushSubscription,
} from './guest-push-api';
import { keyBytes, madeWithKey, pushSupport } from './push-support';

/**
 * Where the offer stands: the browser cannot (`unsupported`, `ios-browser`), the guest has not
 * asked (`idle`), it is being set up (`working`), news will come (`on`), the guest turned it off
 * (`off`), the browser refused notifications (`denied`) or something failed (`failed`).
 */
export type GuestPushState =
  | 'unsupported'
  | 'ios-browser'
  | 'idle'
  | 'working'
  | 'on'
  | 'off'
  | 'denied'
  | 'failed';

/** How long the service worker may take to install (it caches the app) before subscribing gives up. */
const WORKER_READY_MS = 60_000;

type Remembered = Record<string, string>;
const keyOf = (kind: PushSubjectKind, token: string) => `${kind}:${token}`;
function remembered(): Remembered {
  try {
    const parsed: unknown = JSON.parse(readSetting(StorageKey.guestPush) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Remembered) : {};
  } catch {
    return {};
  }
}
function remember(kind: PushSubjectKind, token: string, endpoint: string | null) {
  const all = remembered();
  if (endpoint === null) delete all[keyOf(kind, token)];
  else all[keyOf(kind, token)] = endpoint;
  writeSetting(StorageKey.guestPush, Object.keys(all).length ? JSON.stringify(all) : null);
}

function initialState(kind: PushSubjectKind, token: string): GuestPushState {
  const support = pushSupport();
  if (support !== 'supported') return support;
  if (remembered()[keyOf(kind, token)]) return 'on';
  return Notification.permission === 'denied' ? 'denied' : 'idle';
}

async function workerReady(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('service worker not ready')), WORKER_READY_MS),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/**
 * Web Push for one guest page. Nothing is asked until the guest taps: then the browser's
 * permission, the service worker (registered if the page has none), a subscription made with the
 * server's VAPID key, and that subscription sent to the API. Turning it off forgets it on the
 * server; the browser's subscription stays for the guest's other pages.
 */
export function useGuestPush(kind: PushSubjectKind, token: string) {
  const [state, setState] = useState<GuestPushState>(() => initialState(kind, token));

  // A page remembered as subscribed whose browser has lost the subscription offers it again.
  useEffect(() => {
    const endpoint = remembered()[keyOf(kind, token)];
    if (!endpoint || pushSupport() !== 'supported') return;
    let live = true;
    void navigator.serviceWorker
      .getRegistration('/')
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => {
        if (!live || subscription?.endpoint === endpoint) return;
        remember(kind, token, null);
        setState('idle');
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [kind, token]);

  const turnOn = useCallback(async () => {
    setState('working');
    try {
      // First, while the tap still counts as the guest's own gesture (Safari asks nothing otherwise).
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'idle');
        return;
      }
      if (!(await navigator.serviceWorker.getRegistration('/')))
        await navigator.serviceWorker.register('/sw.js');
      const [registration, publicKey] = await Promise.all([workerReady(), loadPushKey()]);
      const key = keyBytes(publicKey);
      let subscription = await registration.pushManager.getSubscription();
      if (subscription && !madeWithKey(subscription, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      });
      await savePushSubscription(kind, token, subscription.toJSON() as PushSubscriptionBody);
      remember(kind, token, subscription.endpoint);
      setState('on');
    } catch {
      setState('failed');
    }
  }, [kind, token]);

  const turnOff = useCallback(async () => {
    const endpoint = remembered()[keyOf(kind, token)];
    setState('working');
    try {
      if (endpoint) await forgetPushSubscription(kind, token, endpoint);
      remember(kind, token, null);
      setState('off');
    } catch {
      setState('on');
    }
  }, [kind, token]);

  return { state, turnOn, turnOff };
}
