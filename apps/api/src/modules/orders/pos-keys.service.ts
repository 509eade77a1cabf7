import { randomBytes } from 'node:crypto';
import type { PosKey, PosKeyCreateBody, PosKeyCreated } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import type { Viewer } from '../../shared/access';
import { notFound } from '../../shared/http-errors';
import { hashPosKey, KEY_START } from '../auth/pos-key-auth';
import { createRestaurantsRepository } from '../restaurants/restaurants.repository';
import { createPosKeysRepository, type PosKeyRow } from './pos-keys.repository';

/** What staff see of a key: enough to tell two apart, far too little to guess it. */
const PREFIX_LENGTH = KEY_START.length + 6;

export const newPosKey = (): string => `${KEY_START}${randomBytes(32).toString('base64url')}`;

const toPosKey = (row: PosKeyRow): PosKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  created_by: row.createdBy,
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

/** The keys of a restaurant's POS, for its admins (the route checks who calls). */
export function createPosKeysService(db: Database) {
  const repository = createPosKeysRepository(db);
  const restaurants = createRestaurantsRepository(db);

  async function requireRestaurantRow(restaurantId: number): Promise<void> {
    if (!(await restaurants.exists(restaurantId))) throw notFound();
  }

  return {
    /** Every key, newest first; revoked ones stay listed (with when), so nobody wonders where one went. */
    async list(restaurantId: number): Promise<PosKey[]> {
      await requireRestaurantRow(restaurantId);
      return (await repository.list(restaurantId)).map(toPosKey);
    },

    /** A new key; the reply is the only place it is ever shown. */
    async create(viewer: Viewer, restaurantId: number, body: PosKeyCreateBody): Promise<PosKeyCreated> {
      await requireRestaurantRow(restaurantId);
      const key = newPosKey();
      const row = await repository.create({
        restaurantId,
        name: body.name,
        keyHash: hashPosKey(key),
        prefix: key.slice(0, PREFIX_LENGTH),
        createdBy: viewer.id,
      });
      return { ...toPosKey(row), key };
    },

    /** Revokes a key at once; revoking it again changes nothing. Another restaurant's key: 404. */
    async revoke(restaurantId: number, keyId: number): Promise<void> {
      const row = await repository.findOf(restaurantId, keyId);
      if (!row) throw notFound();
      if (row.revokedAt) return;
      await repository.revoke(keyId);
    },
  };
}
export type PosKeysService = ReturnType<typeof createPosKeysService>;
