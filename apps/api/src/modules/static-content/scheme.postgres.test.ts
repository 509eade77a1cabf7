import { SchemeView } from '@stolik/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

/** What only a server with many connections shows: saves of one scheme at the same moment. */
describe('saving one scheme from several windows at once', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const save = (baseVersion: number | null | undefined) =>
    t.app.inject({
      method: 'POST',
      url: `/api/restaurant/${who.restaurantA}/scheme/`,
      headers: who.bearer(who.superuser),
      payload: {
        scheme: { canvas: { width: 800, height: 600 }, tables: [] },
        ...(baseVersion === undefined ? {} : { base_version: baseVersion }),
      },
    });

  it('numbers every version once, and lets only one of two editors on the same version win', async () => {
    const current = SchemeView.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/restaurant/${who.restaurantA}/scheme/`,
          headers: who.bearer(who.superuser),
        })
      ).json(),
    ).version;
    const blind = await Promise.all(Array.from({ length: 6 }, () => save(undefined)));
    expect(blind.map((res) => res.statusCode)).toEqual(new Array(6).fill(201));
    const versions = blind
      .map((res) => SchemeView.parse(res.json()).version)
      .sort((a, b) => (a ?? 0) - (b ?? 0));
    const first = (current ?? 0) + 1;
    expect(versions).toEqual([0, 1, 2, 3, 4, 5].map((i) => first + i));

    const last = first + 5;
    const racing = await Promise.all(Array.from({ length: 4 }, () => save(last)));
    expect(racing.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });
});
