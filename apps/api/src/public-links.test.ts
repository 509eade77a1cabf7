import { FakeBotApi, type FakeUpdate, privateMessage } from '@stolik/bot/testing';
import { ROLE_MANAGER } from '@stolik/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities } from './test/identities';
import { subscribedHostesses } from './test/telegram';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Without PUBLIC_URL (the Quick start's default) no request's Host header may reach a link made
 * for someone else: the app once kept the last request's host process-wide, and one anonymous
 * `GET /favicon.svg` with `Host: evil.example` put that host into the next guest's booking link.
 */
const FIXED = 'http://192.0.2.10:8080';
const FOREIGN = 'evil.example';
const ROUNDS = 5;

let fake: FakeBotApi;
let t: TestApp;
let who: Identities;

beforeAll(async () => {
  fake = new FakeBotApi();
  const fakeRoot = await fake.start();
  t = await createTestApp({
    // Listening on one address: links name it (a non-loopback one, so the bot makes buttons of them).
    config: { publicUrl: undefined, host: '192.0.2.10', port: 8080, telegramApiRoot: fakeRoot },
    telegram: { botInfo: fake.botInfo, tuning: { pollMs: 20 } },
  });
  who = await createIdentities(t);
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const linksIn = (text: string) => text.match(/https?:\/\/[^\s"'<>\\]+/g) ?? [];

describe('links without PUBLIC_URL, under a flood of foreign Host headers', () => {
  it('invitations, the door sign, the bot’s replies and the dispatcher’s messages carry no foreign host', async () => {
    const telegram = t.app.telegram;
    if (!telegram) throw new Error('the bot should exist with a token');
    const staffChats = await subscribedHostesses(t.database.db, who.restaurantA, 1, 3101);
    await telegram.start();
    let flooding = true;
    const flood = (async () => {
      let sent = 0;
      while (flooding) {
        await Promise.all(
          ['/favicon.svg', '/api/health/', `/api/public/restaurant/${who.restaurantA}/`].map((url) =>
            t.app.inject({ method: 'GET', url, headers: { host: FOREIGN } }),
          ),
        );
        sent += 3;
        // inject() runs on promises alone: without a turn of the event loop the flood would
        // starve the timers and sockets of the bot and the dispatcher (and on a busy machine
        // delay them past the wait below). One foreign request between two links is enough.
        await sleep(5);
      }
      return sent;
    })();
    try {
      const replies: string[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        const [invitation, links] = await Promise.all([
          t.app.inject({
            method: 'POST',
            url: '/api/user/invite/',
            headers: who.bearer(who.adminA),
            payload: { restaurant: who.restaurantA, role: ROLE_MANAGER },
          }),
          t.app.inject({
            method: 'GET',
            url: `/api/restaurant/${who.restaurantA}/guest-links/`,
            headers: who.bearer(who.hostessA),
          }),
          // A guest comes from the door's QR code to the bot; another joins from the web form
          // (the staff's chat hears of them from the dispatcher).
          fake.pushUpdate(
            privateMessage(`/start queue_${who.restaurantA}`, {
              id: 3201 + i,
              first_name: 'Гость',
            }) as unknown as FakeUpdate,
          ),
          t.app.inject({
            method: 'POST',
            url: `/api/public/restaurant/${who.restaurantA}/queue/`,
            payload: { group_size: 2, name: `Гость ${i}`, phone: `+7916000000${i}` },
          }),
        ]);
        expect(invitation.statusCode, invitation.body).toBe(201);
        expect(links.statusCode, links.body).toBe(200);
        // A reply to a request names the host that request was made to (inject's own: localhost:80).
        expect(invitation.json().url).toMatch(/^http:\/\/localhost:80\/invite\?token=/);
        replies.push(invitation.body, links.body);
      }
      // Every bot reply and every staff message sent, while the flood goes on.
      const deadline = Date.now() + 30_000;
      const sent = () => fake.callsOf('sendMessage');
      const guestReplies = () => sent().filter((c) => Number(c.payload.chat_id) > 3200);
      const staffMessages = () => sent().filter((c) => c.payload.chat_id === staffChats[0]);
      while ((guestReplies().length < ROUNDS || staffMessages().length < ROUNDS) && Date.now() < deadline)
        await sleep(20);
      expect(guestReplies()).toHaveLength(ROUNDS);
      expect(staffMessages()).toHaveLength(ROUNDS);

      const botLinks = sent().flatMap((c) => linksIn(JSON.stringify(c.payload)));
      // The bot's links are there, and name the address fixed at start.
      expect(
        botLinks.filter((link) => link.startsWith(`${FIXED}/guest/${who.restaurantA}/queue`)),
      ).toHaveLength(ROUNDS);
      expect(
        botLinks.filter((link) => link.startsWith(`${FIXED}/restaurant/${who.restaurantA}`)),
      ).toHaveLength(ROUNDS);
      const all = [...botLinks, ...replies.flatMap(linksIn)];
      expect(all.filter((link) => link.includes(FOREIGN))).toEqual([]);
    } finally {
      flooding = false;
      expect(await flood).toBeGreaterThan(0);
      await telegram.stop();
    }
    // A watchdog for a loaded machine, not a measure: unloaded it takes a few seconds.
  }, 60_000);

  it('a reply names its own request’s host only when it is a well-formed host', async () => {
    const links = async (host: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/restaurant/${who.restaurantA}/guest-links/`,
          headers: { ...who.bearer(who.hostessA), host },
        })
      ).json().queue.web as string;
    expect(await links('door.example:8080')).toBe(`http://door.example:8080/guest/${who.restaurantA}/queue`);
    expect(await links('evil.example/phish?x=')).toBe(`${FIXED}/guest/${who.restaurantA}/queue`);
  });
});
