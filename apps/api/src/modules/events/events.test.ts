import { RestaurantChange } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { ROLE_MANAGER } from '@stolik/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceChange } from '../../shared/changes/changes.repository';
import { hashPassword } from '../../shared/passwords';
import { openEventStream } from '../../test/event-stream';
import { createIdentities, type Identities, PASSWORD } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ACCESS_TTL_S, createTokenSigner, loadSigningKey } from '../auth/tokens';

describe('the event stream of a restaurant', () => {
  let t: TestApp;
  let who: Identities;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const url = (restaurant: number) => `${base}/api/restaurant/${restaurant}/events/`;
  const walkIn = (name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reservation/',
      headers: who.bearer(who.hostessA),
      payload: { restaurant: who.restaurantA, group_size: 2, name },
    });

  it('opens with ready, then delivers each committed queue change to every open screen', async () => {
    const first = await openEventStream(url(who.restaurantA), who.bearer(who.hostessA));
    const second = await openEventStream(url(who.restaurantA), who.bearer(who.adminA));
    expect(first.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect((await first.next()).event).toBe('ready');
    expect((await second.next()).event).toBe('ready');

    const created = await walkIn('Гость у двери');
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    for (const stream of [first, second]) {
      // Once: the entry is written with the wait quoted to it, in one transaction.
      const message = await stream.next(1000);
      expect(message.event).toBe('change');
      expect(RestaurantChange.parse(JSON.parse(message.data))).toEqual({
        kind: 'queue',
        restaurant: who.restaurantA,
        id,
        status: 'live',
      });
    }

    await t.app.inject({
      method: 'POST',
      url: '/api/reservation/invite/',
      headers: who.bearer(who.hostessA),
      payload: { id },
    });
    // The next message on each screen is the call: the join was said once, not once more for its quote.
    for (const stream of [first, second])
      expect(JSON.parse((await stream.next(1000)).data)).toMatchObject({ id, status: 'called' });
    first.close();
    second.close();
  });

  it("does not tell one restaurant's screens about another's changes", async () => {
    const other = await openEventStream(url(who.restaurantB), who.bearer(who.hostessB));
    const mine = await openEventStream(url(who.restaurantA), who.bearer(who.hostessA));
    await other.next();
    await mine.next();
    await walkIn('Только для А');
    expect((await mine.next(1000)).event).toBe('change');
    await expect(other.next(300)).rejects.toThrow(/no message/);
    other.close();
    mine.close();
  });

  it('announces nothing of a change that was rolled back', async () => {
    const stream = await openEventStream(url(who.restaurantA), who.bearer(who.hostessA));
    await stream.next();
    await t.database.db
      .transaction(async (tx) => {
        await announceChange(tx, { kind: 'queue', restaurant: who.restaurantA, id: 999_999 });
        throw new Error('roll back');
      })
      .catch(() => {});
    await announceChange(t.database.db, { kind: 'queue', restaurant: who.restaurantA, id: 1 });
    // The first message heard is the committed one.
    expect(JSON.parse((await stream.next(1000)).data)).toMatchObject({ id: 1 });
    stream.close();
  });

  it('refuses callers who may not see the restaurant, like every staff call', async () => {
    expect((await fetch(url(who.restaurantA))).status).toBe(401);
    expect((await fetch(url(who.restaurantA), { headers: who.bearer(who.hostessB) })).status).toBe(404);
    expect((await fetch(url(999_999), { headers: who.bearer(who.hostessA) })).status).toBe(404);
    expect(
      (await fetch(url(who.restaurantA), { headers: { authorization: 'Bearer not-a-token' } })).status,
    ).toBe(401);
  });

  it("nudges a guest's own page on every change of the queue, naming only the guest's entry", async () => {
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/public/restaurant/${who.restaurantA}/queue/`,
      payload: { group_size: 2, name: 'Светлана', phone: '+79167001122' },
    });
    expect(joined.statusCode).toBe(201);
    const { token } = joined.json() as { token: string };
    const mine = (
      await t.app.inject({
        method: 'GET',
        url: `/api/reservation/?restaurant_id=${who.restaurantA}`,
        headers: who.bearer(who.hostessA),
      })
    ).json() as { id: number; name: string }[];
    const ownId = mine.find((e) => e.name === 'Светлана')?.id;
    const stream = await openEventStream(`${base}/api/public/queue/${token}/events/`, {});
    expect((await stream.next()).event).toBe('ready');
    const other = await walkIn('Кто-то другой');
    // Within GUEST_NUDGE_SPREAD_MS (a watchdog above it: the machine may be busy).
    const message = await stream.next(3000);
    expect(message.event).toBe('change');
    expect(JSON.parse(message.data)).toEqual({ kind: 'queue', restaurant: who.restaurantA, id: ownId });
    expect(other.json().id).not.toBe(ownId);
    stream.close();
    expect((await fetch(`${base}/api/public/queue/${'x'.repeat(24)}/events/`)).status).toBe(404);
  });

  it("tells a guest of another's change at a moment of its own, once for several, and of their own at once", async () => {
    const spread = await createTestApp({ guestNudgeSpreadMs: 60_000 });
    try {
      const them = await createIdentities(spread);
      const at = await spread.app.listen({ port: 0, host: '127.0.0.1' });
      const joined = await spread.app.inject({
        method: 'POST',
        url: `/api/public/restaurant/${them.restaurantA}/queue/`,
        payload: { group_size: 2, name: 'Ольга', phone: '+79167003344' },
      });
      expect(joined.statusCode).toBe(201);
      const { token } = joined.json() as { token: string };
      const list = (
        await spread.app.inject({
          method: 'GET',
          url: `/api/reservation/?restaurant_id=${them.restaurantA}`,
          headers: them.bearer(them.hostessA),
        })
      ).json() as { id: number; name: string }[];
      const ownId = list.find((e) => e.name === 'Ольга')?.id;
      const stream = await openEventStream(`${at}/api/public/queue/${token}/events/`, {});
      expect((await stream.next()).event).toBe('ready');
      for (const name of ['Первый', 'Второй']) {
        const made = await spread.app.inject({
          method: 'POST',
          url: '/api/reservation/',
          headers: them.bearer(them.hostessA),
          payload: { restaurant: them.restaurantA, group_size: 2, name },
        });
        expect(made.statusCode).toBe(201);
      }
      // Others' changes wait (up to a minute here): nothing yet.
      await expect(stream.next(500)).rejects.toThrow(/no message/);
      // The guest's own entry called: at once, and the nudges that waited go with it.
      const called = await spread.app.inject({
        method: 'POST',
        url: '/api/reservation/invite/',
        headers: them.bearer(them.hostessA),
        payload: { id: ownId },
      });
      expect(called.statusCode, called.body).toBe(200);
      const message = await stream.next(3000);
      expect(JSON.parse(message.data)).toEqual({ kind: 'queue', restaurant: them.restaurantA, id: ownId });
      await expect(stream.next(500)).rejects.toThrow(/no message/);
      stream.close();
    } finally {
      await spread.close();
    }
  });

  it('forgets a screen that hung up', async () => {
    const before = t.app.changes.size();
    const stream = await openEventStream(url(who.restaurantA), who.bearer(who.hostessA));
    await stream.next();
    expect(t.app.changes.size()).toBe(before + 1);
    stream.close();
    await expect.poll(() => t.app.changes.size()).toBe(before);
  });
});

describe('a staff stream whose token expires', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  it('ends at the token’s expiry, not a lifetime after it opened', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // A token signed with the app's key as if ACCESS_TTL_S - 2 seconds ago: 2 seconds left.
    const key = await loadSigningKey(t.database.db, undefined);
    const early = createTokenSigner(key, () => Date.now() - (ACCESS_TTL_S - 2) * 1000);
    const access = await early.signAccess(who.hostessA.id);
    const opened = Date.now();
    const stream = await openEventStream(`${base}/api/restaurant/${who.restaurantA}/events/`, {
      authorization: `Bearer ${access}`,
    });
    expect((await stream.next()).event).toBe('ready');
    const ended = await Promise.race([
      stream.ended().then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 4000)),
    ]);
    expect(ended).toBe('ended');
    // At the token's second, not at once.
    expect(Date.now() - opened).toBeGreaterThan(500);
  });
});

describe('an event stream that outlives its token', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp({ eventStreamLifetimeMs: 300 });
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  it('is ended by the server, so the screen reconnects with a fresh token', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(
      `${base}/api/restaurant/${who.restaurantA}/events/`,
      who.bearer(who.hostessA),
    );
    await stream.next();
    await stream.ended();
    expect(t.app.changes.size()).toBe(0);
  });
});

describe('a staff stream whose session ends', () => {
  let t: TestApp;
  let who: Identities;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const signIn = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/create/',
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { access: string; refresh: string };
  };
  const open = async (access: string) => {
    const stream = await openEventStream(`${base}/api/restaurant/${who.restaurantA}/events/`, {
      authorization: `Bearer ${access}`,
    });
    expect((await stream.next()).event).toBe('ready');
    return stream;
  };
  /** The figure: a stream of an ended session is closed within a second. */
  const closedWithinASecond = (stream: Awaited<ReturnType<typeof open>>) =>
    Promise.race([
      stream.ended().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 1000)),
    ]);

  it('is closed when the session logs out; a stream of another session goes on', async () => {
    const ending = await signIn('hostess.a@stolik.test');
    const staying = await signIn('hostess.a@stolik.test');
    const [gone, kept] = [await open(ending.access), await open(staying.access)];
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/logout/',
      payload: { refresh: ending.refresh },
    });
    expect(out.statusCode).toBe(204);
    expect(await closedWithinASecond(gone)).toBe('closed');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/reservation/',
      headers: who.bearer(who.hostessA),
      payload: { restaurant: who.restaurantA, group_size: 2 },
    });
    expect(JSON.parse((await kept.next(1000)).data)).toMatchObject({ id: created.json().id });
    kept.close();
  });

  it('is closed within a second when its user is taken out of the restaurant; one of another restaurant goes on', async () => {
    // A hostess of both restaurants (her own account: the other tests keep theirs).
    const [leaving] = await t.database.db
      .insert(schema.users)
      .values({
        email: 'leaving@stolik.test',
        passwordHash: await hashPassword(PASSWORD),
        firstName: 'Уходит',
      })
      .returning();
    if (!leaving) throw new Error('no user');
    await t.database.db.insert(schema.memberships).values([
      { userId: leaving.id, restaurantId: who.restaurantA, role: ROLE_MANAGER },
      { userId: leaving.id, restaurantId: who.restaurantB, role: ROLE_MANAGER },
    ]);
    const { access } = await signIn('leaving@stolik.test');
    const inA = await open(access);
    const inB = await openEventStream(`${base}/api/restaurant/${who.restaurantB}/events/`, {
      authorization: `Bearer ${access}`,
    });
    expect((await inB.next()).event).toBe('ready');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${leaving.id}/restaurants/${who.restaurantA}/`,
      headers: who.bearer(who.adminA),
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await closedWithinASecond(inA)).toBe('closed');
    expect(await closedWithinASecond(inB)).toBe('still open');
    inB.close();
  });

  it('is closed when the user is deactivated', async () => {
    const stream = await open((await signIn('target.a@stolik.test')).access);
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/user/${who.targetA.id}/deactivate`,
      headers: who.bearer(who.adminA),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await closedWithinASecond(stream)).toBe('closed');
  });
});
