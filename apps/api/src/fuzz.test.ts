import {
  Booking,
  GuestBookingStatus,
  GuestQueueStatus,
  PersonName,
  QueueEntry,
  SchemeView,
} from '@stolik/contracts';
import { schema } from '@stolik/db';
import { ROLE_MANAGER } from '@stolik/domain';
import { sign } from '@tma.js/init-data-node';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IMPORT_PER_KEY } from './modules/orders/orders.routes';
import { isStorableText } from './shared/storable-text';
import { createIdentities, type Identities } from './test/identities';
import { signRawInitData } from './test/telegram';
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from './test/test-app';

/**
 * Property-based fuzzing of every public endpoint, the scheme save and the POS import: malformed
 * JSON, oversized and hostile strings (markup, direction overrides, zero-width characters, emoji,
 * NUL, lone surrogates), huge and negative numbers, wrong types, extra and missing fields. Whatever
 * comes in, the answer is never a 5xx, a 4xx is JSON with a message in Russian, and nothing broken
 * is stored: afterwards every stored row passes its contract, and names are kept as the text given.
 *
 * Reproducible by default (a fixed seed); FUZZ_SEED=<n> explores other inputs, FUZZ_RUNS=<n> sets
 * the runs per endpoint.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_509);
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
/** Endpoints whose valid input hashes a password (argon2, tens of ms each) get fewer runs. */
const SLOW_RUNS = Math.ceil(RUNS / 3);

// ---- what hostile input looks like -------------------------------------------------------------

const NASTY_TEXT = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '<b>Ира</b> & <i>Ко</i>',
  '\u202Eяилатс\u202C',
  'А\u200Bн\u200Dн\uFEFFа',
  'Ольга 👩‍👩‍👧‍👦🍽️',
  '\u0000',
  'Ан\u0000на',
  '\uD800',
  'x\uDFFFy',
  '𝕬𝖑𝖎𝖈𝖊',
  'Ｉｒａ',
  "'; drop table users; --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}{{7*7}}<%= 7*7 %>',
  '../../../../etc/passwd',
  '%00%0d%0a',
  'line\r\nX-Injected: 1',
  ' ',
  '',
  '\t\n',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  'Z̴̡̧̛a̸l̷g̸o̸',
  'ﷺ',
  '\u0007\u001b[31m',
];

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const hostileString = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_TEXT), weight: 4 },
  { arbitrary: fc.string({ unit: codeUnit, maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  // Long: over every field's limit, and now and then over the 16 KiB of a guest form.
  { arbitrary: fc.integer({ min: 81, max: 12_000 }).map((n) => 'я'.repeat(n)), weight: 1 },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    2 ** 31,
    2 ** 53 + 2,
    0.5,
    1e-7,
    -(2 ** 31),
  ),
  fc.double(),
  fc.integer(),
);
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }),
  fc.constant({ nested: { deeper: [1, { x: 'y' }] } }),
  fc.constant({}),
);
const hostileValue = fc.oneof(hostileString, hostileNumber, wrongType);

/** Text a person could type into a name field, hostile or not (the app must show it as text). */
const nameText = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      'Анна',
      'Иван Петров',
      '<script>alert(1)</script>',
      '<b>Ира</b> & Ко',
      '"><img src=x onerror=alert(1)>',
      'Ольга 👩‍🍳',
      '\u202EАнна',
      'А\u200Bнна',
    ),
    weight: 3,
  },
  { arbitrary: hostileString, weight: 1 },
);
const commentText = fc.oneof(
  { arbitrary: fc.string({ maxLength: 50 }), weight: 3 },
  { arbitrary: hostileString, weight: 1 },
);

const MISSING = Symbol('missing');
/**
 * An object shaped like `valid`: each field valid (mostly), hostile, or missing; now and then with
 * extra fields, some of them the prototype's names.
 */
function objectLike(
  valid: Record<string, fc.Arbitrary<unknown>>,
  /** How often the object comes whole and valid, against 3 for a mutated one. */
  wholeWeight = 2,
): fc.Arbitrary<Record<string, unknown>> {
  const whole = fc.record(valid).map((body) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(body)) if (value !== MISSING) out[key] = value;
    return out;
  });
  const fields = Object.fromEntries(
    Object.entries(valid).map(([key, arbitrary]) => [
      key,
      fc.oneof(
        { arbitrary, weight: 5 },
        { arbitrary: hostileValue, weight: 2 },
        { arbitrary: fc.constant(MISSING), weight: 1 },
      ),
    ]),
  );
  const extra = fc.oneof(
    { arbitrary: fc.constant({}), weight: 4 },
    { arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 }), weight: 1 },
    { arbitrary: fc.constant({ constructor: { prototype: { admin: true } } }), weight: 1 },
  );
  const mutated = fc.tuple(fc.record(fields), extra).map(([body, more]) => {
    const out: Record<string, unknown> = { ...more };
    for (const [key, value] of Object.entries(body)) if (value !== MISSING) out[key] = value;
    return out;
  });
  // A good share of whole, valid-looking objects, so that the service and the database are reached.
  return fc.oneof({ arbitrary: whole, weight: wholeWeight }, { arbitrary: mutated, weight: 3 });
}

/** Left out of a valid object (an optional field). */
const absent = fc.constant(MISSING);

/**
 * A path segment as a browser would send it; text with half a surrogate pair cannot be
 * URI-encoded, so its code units go out as the (invalid) UTF-8 bytes a careless client sends.
 */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((char) => {
        const code = char.charCodeAt(0);
        if (code < 0xd800 || code > 0xdfff || char.length > 1) return encodeURIComponent(char);
        return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 63)).toString(16)}%${(0x80 | (code & 63)).toString(16)}`;
      })
      .join('');
  }
}

/** Bodies that are not JSON objects, or not JSON at all. */
const malformedJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"name":',
    '[1,2',
    'nul',
    '{"a":1}}',
    '\u0000',
    '{"__proto__":{"admin":true}}',
    '{"a":"\\ud800"}',
    '"just a string"',
    '12',
    'true',
    '[]',
    '{"a":1,"a":2}',
    '{"a":NaN}',
    "{'single':'quotes'}",
  ),
  fc.integer({ min: 10, max: 6000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 10, max: 3000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.string({ unit: codeUnit, maxLength: 60 }),
);

/** A request body: mostly shaped like the valid one, sometimes not JSON at all. */
const bodyOf = (valid: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { arbitrary: objectLike(valid).map((body) => JSON.stringify(body)), weight: 6 },
    { arbitrary: malformedJson, weight: 1 },
    { arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? 'null'), weight: 1 },
  );

/** A path segment: a valid value mostly, else anything, encoded as a browser would. */
const segmentOf = (valid: fc.Arbitrary<string>) =>
  fc.oneof(
    { arbitrary: valid, weight: 2 },
    {
      arbitrary: fc
        .oneof(
          hostileString,
          hostileNumber.map(String),
          fc.constantFrom(
            '0',
            '-1',
            '1e3',
            '0x10',
            '2147483648',
            '99999999999999999999',
            '1.5',
            ' 1',
            '%',
            '..',
          ),
        )
        .map((text) => encodeSegment(text.slice(0, 400)) || 'x'),
      weight: 3,
    },
  );

const validPhone = fc.integer({ min: 0, max: 9_999_999 }).map((n) => `+7916${String(n).padStart(7, '0')}`);
const futureDate = fc
  .integer({ min: 0, max: 40 })
  .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
const wallTime = fc.constantFrom('12:00', '13:30', '19:00', '21:45', '23:59', '00:00', '25:00', '9:00');

/**
 * The Mini App's init data in every shape: signed with our bot's token (as Telegram does, with or
 * without the newer `signature`, any user, any date, any extra field) or another one, the library's
 * own shape, and anything at all.
 */
const telegramUserJson = fc.oneof(
  fc.integer({ min: 1, max: 2 ** 40 }).map((id) => JSON.stringify({ id, first_name: 'Гость' })),
  fc
    .record({ id: fc.oneof(fc.integer({ min: 1, max: 2 ** 40 }), hostileValue), first_name: hostileValue })
    .map((user) => JSON.stringify(user)),
  fc
    .record({ id: fc.integer({ min: 1, max: 2 ** 40 }), username: hostileValue, last_name: hostileValue })
    .map((user) => JSON.stringify(user)),
  hostileString,
);
const authDateOf = fc.oneof(
  fc
    .constantFrom(0, -120, -3600 * 30, 30, 600, 3600 * 24 * 365)
    .map((offsetS) => String(Math.floor(Date.now() / 1000) + offsetS)),
  hostileString,
);
const signedInitData = fc
  .record({
    user: fc.oneof({ arbitrary: telegramUserJson, weight: 4 }, { arbitrary: absent, weight: 1 }),
    auth_date: fc.oneof({ arbitrary: authDateOf, weight: 4 }, { arbitrary: absent, weight: 1 }),
    signature: fc.oneof(absent, fc.constant('c2lnbmF0dXJl'), hostileString),
    chat_instance: fc.oneof(absent, fc.constant('8428209589180549439')),
    chat_type: fc.oneof(absent, fc.constantFrom('sender', 'private')),
    query_id: fc.oneof(absent, hostileString),
    start_param: fc.oneof(absent, hostileString),
    token: fc.oneof(
      { arbitrary: fc.constant(TEST_BOT_TOKEN), weight: 4 },
      { arbitrary: fc.constant('999:another-token-of-another-bot-000000'), weight: 1 },
    ),
  })
  .map(({ token, ...fields }) => {
    const present: Record<string, string> = {};
    for (const [key, value] of Object.entries(fields)) if (value !== MISSING) present[key] = String(value);
    return signRawInitData(present, token, null);
  });
const initDataOfEveryShape = fc.oneof(
  { arbitrary: signedInitData, weight: 5 },
  {
    arbitrary: fc
      .integer({ min: 1, max: 2 ** 40 })
      .map((id) => sign({ user: { id, first_name: 'Гость' } as never }, TEST_BOT_TOKEN, new Date())),
    weight: 1,
  },
  {
    arbitrary: fc.constantFrom(
      'query_id=1&user=%7B%22id%22%3A1%7D&auth_date=1&hash=00',
      `auth_date=${Math.floor(Date.now() / 1000)}&hash=${'a'.repeat(64)}`,
      'hash=',
      'user=%E0%A4%A&hash=1',
    ),
    weight: 1,
  },
  { arbitrary: hostileString, weight: 1 },
);

// ---- the run ---------------------------------------------------------------------------------

const HAS_CYRILLIC = /[А-Яа-яЁё]/;
/** Statuses seen per endpoint, for the closing figures. */
const seen = new Map<string, Map<number, number>>();
/** Queue entries and bookings answered with a 2xx: the name as sent, and the token given. */
const created: { kind: 'queue' | 'booking'; token: string; name: unknown }[] = [];
/** People who signed up: their id, and the first name as sent. */
const signedUp: { id: number; name: unknown }[] = [];
let address = 0;

/** The checks every answer passes, whatever was sent. */
function judge(endpoint: string, res: LightMyRequestResponse): void {
  const statuses = seen.get(endpoint) ?? new Map<number, number>();
  seen.set(endpoint, statuses);
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  if (res.statusCode >= 500) throw new Error(`${endpoint}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  if (res.statusCode < 400) return;
  expect(res.headers['content-type'], `${endpoint}: ${res.statusCode}`).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  const messages =
    typeof body.detail === 'string'
      ? [body.detail]
      : Object.values(body).flatMap((v) => (Array.isArray(v) ? v : [v]));
  expect(messages.length, `${endpoint}: ${res.body}`).toBeGreaterThan(0);
  for (const message of messages) {
    expect(typeof message, `${endpoint}: ${res.body}`).toBe('string');
    expect(message, `${endpoint}: ${res.statusCode} ${res.body.slice(0, 300)}`).toMatch(HAS_CYRILLIC);
  }
}

describe('fuzzing the public endpoints, the scheme and the POS import', () => {
  let t: TestApp;
  let who: Identities;
  let queueToken: string;
  let bookingToken: string;
  let invitationToken: string;
  /** A POS key per 50 calls, under its per-key limit, so that every run reaches validation. */
  const posKeys: string[] = [];
  let tableIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/public/restaurant/${who.restaurantA}/queue/`,
      payload: { group_size: 2, name: 'Первая', phone: '+79160000001' },
    });
    queueToken = (joined.json() as { token: string }).token;
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const slots = await t.app.inject({
      method: 'GET',
      url: `/api/public/restaurant/${who.restaurantA}/slots/?date=${day}&group_size=2`,
    });
    const booked = await t.app.inject({
      method: 'POST',
      url: `/api/public/restaurant/${who.restaurantA}/booking/`,
      payload: {
        date: day,
        time: (slots.json() as { slots: string[] }).slots[0],
        group_size: 2,
        name: 'Бронь',
        phone: '+79160000002',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    bookingToken = (booked.json() as { token: string }).token;
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/user/invite/',
      headers: who.bearer(who.adminA),
      payload: { restaurant: who.restaurantA, role: ROLE_MANAGER },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    invitationToken = (invited.json() as { token: string }).token;
    for (let i = 0; i * 50 < RUNS; i += 1) {
      const key = await t.app.inject({
        method: 'POST',
        url: `/api/restaurant/${who.restaurantA}/pos-keys/`,
        headers: who.bearer(who.adminA),
        payload: { name: `Касса ${i + 1}` },
      });
      if (key.statusCode === 201) posKeys.push((key.json() as { key: string }).key);
    }
    const tables = await t.database.db
      .select({ id: schema.diningTables.id })
      .from(schema.diningTables)
      .where(eq(schema.diningTables.restaurantId, who.restaurantA));
    tableIds = tables.map((row) => row.id);
  }, 120_000);

  afterAll(async () => {
    const lines = [...seen].map(([endpoint, statuses]) => {
      const total = [...statuses.values()].reduce((a, b) => a + b, 0);
      const by = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
      return `  ${endpoint}: ${total} (${by.join(' ')})`;
    });
    const total = [...seen.values()].flatMap((s) => [...s.values()]).reduce((a, b) => a + b, 0);
    console.info(
      `fuzz (${process.env.STOLIK_TEST_DB ?? 'pglite'}): ${total} requests, seed ${SEED}\n${lines.join('\n')}`,
    );
    await t?.close();
  });

  /** One request from an address of its own (per-address limits would otherwise answer 429). */
  const call = (method: string, url: string, payload?: string, headers: Record<string, string> = {}) => {
    address += 1;
    return t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      ...(payload === undefined
        ? { headers }
        : { payload, headers: { 'content-type': 'application/json', ...headers } }),
    });
  };
  const run = <T>(arbitrary: fc.Arbitrary<T>, check: (input: T) => Promise<void>, numRuns = RUNS) =>
    fc.assert(fc.asyncProperty(arbitrary, check), { numRuns, seed: SEED, endOnFailure: true });

  it('guest queue join', async () => {
    const body = bodyOf({
      group_size: fc.integer({ min: 1, max: 8 }),
      name: nameText,
      phone: validPhone,
      comment: commentText,
      event: fc.oneof(absent, fc.constantFrom(null, 'нет такого')),
      init_data: fc.oneof({ arbitrary: absent, weight: 3 }, { arbitrary: initDataOfEveryShape, weight: 2 }),
      device_key: fc.oneof(absent, fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/), hostileString),
    });
    await run(body, async (payload) => {
      const res = await call('POST', `/api/public/restaurant/${who.restaurantA}/queue/`, payload, {
        'idempotency-key': `fuzz-join-${address}`,
      });
      judge('POST guest queue join', res);
      if (res.statusCode === 201) {
        created.push({
          kind: 'queue',
          token: (res.json() as { token: string }).token,
          name: JSON.parse(payload).name,
        });
      }
    });
  });

  it('guest booking request', async () => {
    const body = bodyOf({
      date: fc.oneof(
        futureDate,
        fc.constantFrom('2024-02-30', '0001-01-01', '9999-12-31', '1900-01-01', '2099-13-01'),
      ),
      time: wallTime,
      group_size: fc.integer({ min: 1, max: 8 }),
      name: nameText,
      phone: validPhone,
      comment: commentText,
      init_data: fc.oneof({ arbitrary: absent, weight: 3 }, { arbitrary: initDataOfEveryShape, weight: 2 }),
      device_key: fc.oneof(absent, fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/), hostileString),
    });
    await run(body, async (payload) => {
      const res = await call('POST', `/api/public/restaurant/${who.restaurantA}/booking/`, payload);
      judge('POST guest booking', res);
      if (res.statusCode === 201) {
        created.push({
          kind: 'booking',
          token: (res.json() as { token: string }).token,
          name: JSON.parse(payload).name,
        });
      }
    });
  });

  it('free booking times', async () => {
    const query = fc.record({
      id: segmentOf(fc.constant(String(who.restaurantA))),
      date: fc.oneof(
        futureDate,
        hostileString,
        fc.constantFrom('0001-01-01', '9999-12-31', '1900-01-01', '2024-02-29'),
      ),
      group_size: fc.oneof(
        fc.integer({ min: 1, max: 8 }).map(String),
        hostileNumber.map(String),
        hostileString,
      ),
    });
    await run(query, async ({ id, date, group_size }) => {
      const q = new URLSearchParams({ date, group_size });
      judge('GET slots', await call('GET', `/api/public/restaurant/${id}/slots/?${q}`));
    });
  });

  it("a guest's own queue page and leaving the queue", async () => {
    await run(fc.tuple(segmentOf(fc.constant(queueToken)), fc.boolean()), async ([token, cancel]) => {
      if (cancel && token === queueToken) return; // keep the one real entry for the other runs
      const res = await call(
        cancel ? 'POST' : 'GET',
        `/api/public/queue/${token}/${cancel ? 'cancel/' : ''}`,
      );
      judge(cancel ? 'POST guest queue cancel' : 'GET guest queue status', res);
      if (res.statusCode === 200) GuestQueueStatus.parse(res.json());
    });
  });

  it("a guest's own booking page and cancelling it", async () => {
    await run(fc.tuple(segmentOf(fc.constant(bookingToken)), fc.boolean()), async ([token, cancel]) => {
      if (cancel && token === bookingToken) return;
      const res = await call(
        cancel ? 'POST' : 'GET',
        `/api/public/booking/${token}/${cancel ? 'cancel/' : ''}`,
      );
      judge(cancel ? 'POST guest booking cancel' : 'GET guest booking status', res);
      if (res.statusCode === 200) GuestBookingStatus.parse(res.json());
    });
  });

  it("a guest's live updates, with a token that is not theirs", async () => {
    // Never the real tokens: their streams stay open, which is not what this looks at.
    const token = segmentOf(fc.constant('x')).filter(
      (value) => value !== queueToken && value !== bookingToken,
    );
    await run(fc.tuple(token, fc.constantFrom('queue', 'booking')), async ([value, kind]) => {
      judge(`GET guest ${kind} events`, await call('GET', `/api/public/${kind}/${value}/events/`));
    });
  });

  it("a restaurant's card, style and font", async () => {
    const input = fc.tuple(
      segmentOf(fc.constantFrom(String(who.restaurantA), String(who.restaurantB))),
      fc.constantFrom('', 'style/', 'font/', 'font/?v=%00', `font/?v=${'x'.repeat(100)}`),
    );
    await run(input, async ([id, what]) => {
      judge(
        `GET restaurant ${what.split('/')[0] || 'card'}`,
        await call('GET', `/api/public/restaurant/${id}/${what}`),
      );
    });
  });

  it('the client error reports', async () => {
    const body = bodyOf({
      event: fc.oneof(fc.constantFrom('error', 'unhandledrejection', 'chunk_load'), hostileString),
      message: hostileString,
      stack: hostileString,
      url: hostileString,
      user_agent: hostileString,
      release: hostileString,
    });
    await run(body, async (payload) =>
      judge('POST frontend-event', await call('POST', '/api/frontend-event/', payload)),
    );
  });

  it('sign-in', async () => {
    const body = bodyOf({
      email: fc.oneof(fc.constantFrom('admin.a@stolik.test', 'nobody@stolik.test'), hostileString),
      username: hostileString,
      password: fc.oneof(fc.constantFrom('wrong-password-1'), hostileString),
    });
    await run(
      body,
      async (payload) => judge('POST sign-in', await call('POST', '/api/auth/jwt/create/', payload)),
      SLOW_RUNS,
    );
  });

  it('sign-up', async () => {
    const body = bodyOf({
      email: fc.oneof(
        fc.nat().map((n) => `fuzz${n}@stolik.test`),
        fc.emailAddress(),
      ),
      password: fc.constant('a-long-enough-password'),
      re_password: fc.oneof(fc.constant('a-long-enough-password'), absent),
      first_name: nameText,
      last_name: nameText,
    });
    await run(
      body,
      async (payload) => {
        const res = await call('POST', '/api/user/', payload);
        judge('POST sign-up', res);
        if (res.statusCode === 201)
          signedUp.push({ id: (res.json() as { id: number }).id, name: JSON.parse(payload).first_name });
      },
      SLOW_RUNS,
    );
  });

  it('token refresh, verify and logout', async () => {
    const token = fc.oneof(
      fc.constant(who.hostessA.access),
      fc.constant(`${who.hostessA.access.slice(0, -3)}abc`),
      fc.constant('eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoxfQ.'),
      hostileString,
    );
    const input = fc.tuple(
      fc.constantFrom('jwt/refresh/', 'jwt/verify/', 'token/logout/'),
      bodyOf({ refresh: token, token }),
    );
    await run(input, async ([what, payload]) =>
      judge(`POST ${what}`, await call('POST', `/api/auth/${what}`, payload)),
    );
  });

  it('invitations: what one is for, and accepting it', async () => {
    const input = fc.tuple(
      segmentOf(fc.constant(invitationToken)),
      fc.boolean(),
      bodyOf({
        email: fc.oneof(fc.emailAddress(), hostileString),
        password: fc.oneof(fc.constant('a-long-enough-password'), hostileString),
        first_name: nameText,
        last_name: nameText,
      }),
    );
    await run(
      input,
      async ([token, accept, payload]) => {
        if (!accept) {
          judge('GET invitation', await call('GET', `/api/user/invite/${token}/`));
          return;
        }
        judge('POST invitation accept', await call('POST', `/api/user/invite/${token}/accept/`, payload));
      },
      SLOW_RUNS,
    );
  });

  it('sign-in with Telegram', async () => {
    const input = fc.tuple(
      bodyOf({
        init_data: initDataOfEveryShape,
      }),
      fc.oneof(
        fc.constant(''),
        fc.constant('?UUID=not-a-real-invitation-token'),
        hostileString.map((uuid) => `?UUID=${encodeSegment(uuid.slice(0, 300))}`),
      ),
    );
    await run(input, async ([payload, query]) =>
      judge('POST sign-in Telegram', await call('POST', `/api/signin/telegram/${query}`, payload)),
    );
  });

  it('completing the Telegram link (signed in)', async () => {
    const body = bodyOf({ init_data: initDataOfEveryShape });
    await run(body, async (payload) =>
      judge(
        'POST Telegram complete-auth',
        await call('POST', '/api/telegram/complete-auth/', payload, who.bearer(who.targetA)),
      ),
    );
  });

  it('the scheme save (superuser)', async () => {
    // Valid parts; objectLike makes them hostile, missing or padded now and then (a nested part
    // less often, or a whole scheme would hardly ever be valid).
    const NESTED = 20;
    const coordinate = fc.integer({ min: 0, max: 2000 });
    const tableAt = (id: number) =>
      objectLike(
        {
          table: fc.constant(id),
          shape: fc.constantFrom('round', 'square', 'rectangle'),
          x: coordinate,
          y: coordinate,
          width: fc.integer({ min: 40, max: 200 }),
          height: fc.integer({ min: 40, max: 200 }),
          rotation: fc.integer({ min: -360, max: 360 }),
        },
        NESTED,
      );
    const tables = fc
      .subarray(tableIds, { maxLength: 4 })
      .chain(
        (ids): fc.Arbitrary<Record<string, unknown>[]> =>
          ids.length === 0 ? fc.constant([]) : fc.tuple(...ids.map(tableAt)),
      );
    const label = objectLike(
      { text: nameText, x: coordinate, y: coordinate, size: fc.integer({ min: 8, max: 200 }) },
      NESTED,
    );
    const decoration = objectLike(
      {
        kind: fc.constantFrom('wall', 'bar', 'plant'),
        x: coordinate,
        y: coordinate,
        width: fc.integer({ min: 1, max: 500 }),
        height: fc.integer({ min: 1, max: 500 }),
      },
      NESTED,
    );
    const body = bodyOf({
      scheme: objectLike({
        canvas: objectLike(
          {
            width: fc.integer({ min: 100, max: 3000 }),
            height: fc.integer({ min: 100, max: 3000 }),
            grid: fc.integer({ min: 0, max: 200 }),
          },
          NESTED,
        ),
        tables,
        labels: fc.array(label, { maxLength: 3 }),
        decorations: fc.array(decoration, { maxLength: 3 }),
      }),
      base_version: absent,
    });
    await run(body, async (payload) => {
      const res = await call(
        'POST',
        `/api/restaurant/${who.restaurantA}/scheme/`,
        payload,
        who.bearer(who.superuser),
      );
      judge('POST scheme', res);
    });
  });

  it('the POS import', async () => {
    expect(posKeys.length * 50, 'enough POS keys could be made').toBeGreaterThanOrEqual(RUNS);
    expect(IMPORT_PER_KEY.max).toBeGreaterThanOrEqual(50);
    let sent = 0;
    const instant = fc.oneof(
      fc.constant(new Date().toISOString()),
      fc.constantFrom(
        '2024-02-30T10:00:00Z',
        '0001-01-01T00:00:00Z',
        '9999-12-31T23:59:59+14:00',
        'yesterday',
      ),
      hostileString,
    );
    const item = objectLike({
      name: nameText,
      quantity: fc.oneof(fc.constantFrom(1, 0.5, 2), hostileNumber),
      price: fc.oneof(fc.constantFrom(100, 99.99, 0), hostileNumber),
    });
    const order = objectLike({
      external_id: fc.oneof(fc.uuid(), fc.integer({ min: 0 }), hostileString),
      table_number: fc.oneof(fc.constantFrom('5', '12а'), hostileString, hostileNumber),
      opened_at: instant,
      closed_at: fc.oneof(fc.constant(null), instant),
      status: fc.oneof(fc.constantFrom('open', 'closed', 'cancelled'), hostileString),
      guests: fc.oneof(fc.integer({ min: 0, max: 20 }), hostileNumber),
      total: fc.oneof(fc.constantFrom(0, 1500, 1234.5), hostileNumber),
      items: fc.array(item, { maxLength: 3 }),
    });
    const body = bodyOf({ orders: fc.array(order, { maxLength: 3 }) });
    await run(body, async (payload) => {
      judge(
        'POST POS import',
        await call('POST', '/api/pos/orders/', payload, {
          authorization: `Token ${posKeys[Math.floor(sent++ / 50)]}`,
        }),
      );
    });
  });

  it('bodies whose bytes are not UTF-8 (guest forms, sign-up): 400 naming it, nothing stored', async () => {
    /** Bytes no UTF-8 text holds: a stray or cut-short byte, an overlong form, an encoded surrogate. */
    const notUtf8 = fc.oneof(
      fc.integer({ min: 0x80, max: 0xff }).map((byte) => [byte]),
      fc.constantFrom(
        [0xc0, 0xaf],
        [0xe0, 0x80, 0xaf],
        [0xed, 0xa0, 0x80],
        [0xf4, 0x90, 0x80, 0x80],
        [0xe2, 0x82],
      ),
    );
    const endpoints: { name: string; url: string }[] = [
      { name: 'POST guest queue join', url: `/api/public/restaurant/${who.restaurantA}/queue/` },
      { name: 'POST guest booking', url: `/api/public/restaurant/${who.restaurantA}/booking/` },
      { name: 'POST sign-up', url: '/api/user/' },
    ];
    const input = fc.record({
      endpoint: fc.constantFrom(...endpoints),
      before: nameText,
      bad: notUtf8,
      after: nameText,
    });
    await run(
      input,
      async ({ endpoint: { name, url }, before, bad, after }) => {
        const marker = 'MARK-0f1e';
        const valid = JSON.stringify({
          group_size: 2,
          date: '2030-01-01',
          time: '19:00',
          phone: '+79160000555',
          email: 'not-utf8@stolik.test',
          password: 'long-enough-password-1',
          name: `${String(before)}${marker}${String(after)}`,
          first_name: marker,
        });
        const [head, ...rest] = valid.split(marker);
        const payload = Buffer.concat([
          Buffer.from(head ?? ''),
          ...rest.flatMap((part) => [Buffer.from(bad), Buffer.from(part)]),
        ]);
        address += 1;
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json' },
          remoteAddress: `10.200.${(address >> 8) & 255}.${address & 255}`,
        });
        judge(`${name} (not UTF-8)`, res);
        // Over the route's size limit it is refused before it is read at all.
        if (res.statusCode === 413) return;
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({
          non_field_errors: ['Не удалось прочитать запрос: текст должен быть в кодировке UTF-8'],
        });
      },
      SLOW_RUNS,
    );
    const db = t.database.db;
    const names = [
      ...(await db.select({ name: schema.queueEntries.name }).from(schema.queueEntries)),
      ...(await db.select({ name: schema.bookings.name }).from(schema.bookings)),
      ...(await db.select({ name: schema.users.firstName }).from(schema.users)),
    ];
    expect(names.filter((row) => row.name.includes('MARK-0f1e'))).toEqual([]);
  });

  it('stored nothing broken: every row passes its contract, names kept as the text given', async () => {
    const db = t.database.db;
    const superuser = who.bearer(who.superuser);
    // Through the API: each list is serialised against its contract (a broken row would be a 500).
    const today = new Date().toISOString().slice(0, 10);
    const queue = await t.app.inject({
      method: 'GET',
      url: `/api/reservation/?restaurant_id=${who.restaurantA}&date=${today}`,
      headers: superuser,
    });
    expect(queue.statusCode, queue.body.slice(0, 300)).toBe(200);
    z.array(QueueEntry).parse(queue.json());
    const bookings = await t.app.inject({
      method: 'GET',
      url: `/api/booking/?restaurant_id=${who.restaurantA}&page_size=500`,
      headers: superuser,
    });
    expect(bookings.statusCode, bookings.body.slice(0, 300)).toBe(200);
    z.object({ results: z.array(Booking) }).parse(bookings.json());
    const scheme = await t.app.inject({
      method: 'GET',
      url: `/api/restaurant/${who.restaurantA}/scheme/`,
      headers: superuser,
    });
    expect(scheme.statusCode).toBe(200);
    SchemeView.parse(scheme.json());
    const orders = await t.app.inject({
      method: 'GET',
      url: `/api/orders/?restaurant_id=${who.restaurantA}`,
      headers: superuser,
    });
    expect(orders.statusCode, orders.body.slice(0, 300)).toBe(200);

    // Straight from the database: text is well-formed Unicode; phones are normalised.
    const wellFormed = (text: string | null) => text === null || isStorableText(text);
    const entries = await db.select().from(schema.queueEntries);
    const booked = await db.select().from(schema.bookings);
    const users = await db.select().from(schema.users);
    for (const row of [...entries, ...booked]) {
      expect(wellFormed(row.name) && wellFormed(row.comment), JSON.stringify(row.name)).toBe(true);
      expect(row.phone).toMatch(/^\+\d{10,15}$/);
      expect(row.groupSize).toBeGreaterThanOrEqual(1);
    }
    for (const row of users)
      expect(wellFormed(row.firstName) && wellFormed(row.lastName) && wellFormed(row.email)).toBe(true);
    for (const person of signedUp) {
      expect(users.find((row) => row.id === person.id)?.firstName).toBe(PersonName.parse(person.name));
    }

    // Every guest answered with a 201 is stored under the name they typed, markup and all.
    expect(created.length).toBeGreaterThan(10);
    const byToken = new Map<string, string>([
      ...entries.map((row) => [row.guestToken, row.name] as [string, string]),
      ...booked.map((row) => [row.guestToken, row.name] as [string, string]),
    ]);
    for (const guest of created)
      expect(byToken.get(guest.token), guest.kind).toBe(PersonName.parse(guest.name));
    const markup = created.filter((guest) => /[<>&]/.test(String(guest.name)));
    expect(markup.length, 'some names with markup were accepted and stored').toBeGreaterThan(0);
    console.info(
      `fuzz: stored ${entries.length} queue entries, ${booked.length} bookings, ${signedUp.length} sign-ups; ` +
        `${markup.length} guests with markup in the name, kept as typed`,
    );
  });
});
