/**
 * Whether this browser can get Web Push for a guest page, without asking anything: a service
 * worker, the Push API and notifications. iPhones and iPads have them only in a web app added to
 * the home screen (iOS 16.4+); in Safari itself they are missing, and the guest is told so.
 */
export type PushSupport = 'supported' | 'unsupported' | 'ios-browser';

export function pushSupport(): PushSupport {
  const supported =
    'serviceWorker' in navigator &&
    typeof window.PushManager === 'function' &&
    typeof window.Notification === 'function';
  if (supported) return 'supported';
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches ?? false;
  return ios && !standalone ? 'ios-browser' : 'unsupported';
}

/** base64url to the bytes `pushManager.subscribe` takes as its applicationServerKey. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this applicationServerKey (a new key needs a new one). */
export function madeWithKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const own = subscription.options?.applicationServerKey;
  if (!own) return false;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}
