import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('the guest queue form under pressure', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  it('counts one phone however it is written: the sixth try in ten minutes gets 429', async () => {
    const writings = [
      '+7 916 700-11-22',
      '8 916 700 11 22',
      '89167001122',
      '+7(916)7001122',
      '7 916 700-1122',
    ];
    let address = 0;
    const join = (phone: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/restaurant/${who.restaurantA}/queue/`,
        // A new address each time: only the per-phone limit can stop these.
        remoteAddress: `10.1.0.${++address}`,
        payload: { group_size: 2, name: 'Анна', phone },
      });
    const answers = [];
    for (const phone of writings) answers.push((await join(phone)).statusCode);
    // One entry, then 'Ты уже в очереди' for the same number written otherwise.
    expect(answers).toEqual([201, 409, 409, 409, 409]);
    const sixth = await join('8-916-700-11-22');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });
});
