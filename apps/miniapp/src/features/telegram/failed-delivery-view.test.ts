import { ROLE_ADMIN, ROLE_MANAGER } from '@stolik/domain';
import { describe, expect, it } from 'vitest';
import { administeredRestaurants, failureReason } from './failed-delivery-view';

describe('why a message failed, from the dispatcher’s last error', () => {
  it.each([
    ['403: Forbidden: bot was blocked by the user', 'blocked'],
    ["403: Forbidden: bot can't initiate conversation with a user", 'blocked'],
    ['400: Bad Request: chat not found', 'chatNotFound'],
    ["400: Bad Request: can't parse entities", 'rejected'],
    ['429 #20: retry after 3600 s; gave up after 20 in a row', 'rateLimited'],
    ['500: Internal Server Error', 'tries'],
    ['Network request for sendMessage failed!', 'tries'],
    [null, 'tries'],
  ] as const)('%s → %s', (lastError, reason) => {
    expect(failureReason({ last_error: lastError })).toBe(reason);
  });
});

describe('whose failures a person sees', () => {
  const all = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it('an admin: the restaurants where they are the admin; a superuser: all', () => {
    const me = {
      is_superuser: false,
      restaurants: [
        { id: 1, role: ROLE_MANAGER },
        { id: 3, role: ROLE_ADMIN },
      ],
    };
    expect(administeredRestaurants(me, all, ROLE_ADMIN)).toEqual([{ id: 3 }]);
    expect(administeredRestaurants({ is_superuser: true, restaurants: [] }, all, ROLE_ADMIN)).toEqual(all);
  });
});
