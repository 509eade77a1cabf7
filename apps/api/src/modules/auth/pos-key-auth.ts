import { createHash } from 'node:crypto';
import type { Database } from '@stolik/db';
import type { PosCaller } from '../../shared/access';
import { createPosKeyAuthRepository } from './pos-key-auth.repository';

/**
 * A restaurant's POS authenticates with a key (made and revoked by its admins in
 * modules/orders/pos-keys.service.ts); this is how a request's key is checked.
 */
export const KEY_START = 'pos_';
/** 'pos_' and 43 characters of base64url: 256 random bits. */
const KEY_LENGTH = KEY_START.length + 43;

/** Only the hash is stored: a leaked database gives no working key. */
export const hashPosKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/**
 * The restaurant a POS key speaks for, when the key is known and not revoked; its last use is
 * recorded in the same statement.
 */
export async function authenticatePosKey(db: Database, key: string): Promise<PosCaller | null> {
  if (!key.startsWith(KEY_START) || key.length !== KEY_LENGTH) return null;
  const row = await createPosKeyAuthRepository(db).use(hashPosKey(key));
  return row ? { keyId: row.id, restaurantId: row.restaurantId } : null;
}
