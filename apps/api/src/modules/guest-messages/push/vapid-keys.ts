import type { Database } from '@stolik/db';
import webpush from 'web-push';
import { createAuthRepository } from '../../auth/auth.repository';

/** The server's VAPID key pair (RFC 8292), base64url: the P-256 public point and private scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The row of app_secrets that keeps the pair, as one JSON value: a pair is never mixed. */
export const VAPID_SECRET_NAME = 'vapid';

function parseKeys(value: string): VapidKeys {
  const parsed = JSON.parse(value) as Partial<VapidKeys>;
  const publicKey = Buffer.from(parsed.publicKey ?? '', 'base64url');
  const privateKey = Buffer.from(parsed.privateKey ?? '', 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 4 || privateKey.length !== 32)
    throw new Error('the stored VAPID keys are not a P-256 key pair');
  return { publicKey: parsed.publicKey as string, privateKey: parsed.privateKey as string };
}

/**
 * The VAPID keys, generated once and kept in the database for every process (as the JWT key):
 * each process offers a pair of its own and keeps whichever was stored first, so processes
 * starting at once agree. Browsers subscribed with the public key: it must never change.
 */
export async function loadVapidKeys(db: Database): Promise<VapidKeys> {
  const value = await createAuthRepository(db).keepSecret(
    VAPID_SECRET_NAME,
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  if (value === undefined) throw new Error('the VAPID keys could not be stored');
  return parseKeys(value);
}

/**
 * Who sends the pushes (VAPID `sub`), for a push service to reach when something is wrong: the
 * product's https address (PUBLIC_URL), else the administrator's e-mail. Apple refuses a subject on
 * localhost, so an http or local PUBLIC_URL is not used.
 */
export function vapidSubject(config: {
  publicUrl?: string | undefined;
  adminEmail?: string | undefined;
}): string {
  const url = config.publicUrl ? new URL(config.publicUrl) : undefined;
  if (url && url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  return `mailto:${config.adminEmail ?? 'admin@stolik.local'}`;
}
