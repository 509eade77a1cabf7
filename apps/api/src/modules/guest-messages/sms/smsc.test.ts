import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type SmsConfig } from '../../../config';
import { type FakeSmsProvider, startFakeSmsProvider } from '../../../test/fake-sms-provider';
import { createSmsChannel, createSmscChannel, maskPhone } from './smsc';

const PHONE = '+79161234567';
const TEXT = 'Хинкальная: столик готов! stolik.example.ru/q/AbCdEfGhIjKlMnOpQrStUv_-';

describe('SMS configuration', () => {
  it('is off without SMS_PROVIDER, and on with an API key or a login and password', () => {
    expect(loadConfig({}).sms).toBeUndefined();
    expect(
      loadConfig({ SMS_PROVIDER: 'smsc', SMS_API_KEY: 'k'.repeat(32), SMS_SENDER: 'Stolik' }).sms,
    ).toEqual({
      provider: 'smsc',
      apiRoot: 'https://smsc.ru',
      auth: { apiKey: 'k'.repeat(32) },
      sender: 'Stolik',
      timeoutMs: 8000,
    });
    expect(
      loadConfig({
        SMS_PROVIDER: 'smsc',
        SMS_LOGIN: 'rest',
        SMS_PASSWORD: 'secret',
        SMS_API_ROOT: 'http://127.0.0.1:9/',
        SMS_TIMEOUT_MS: '2000',
      }).sms,
    ).toMatchObject({
      apiRoot: 'http://127.0.0.1:9',
      auth: { login: 'rest', password: 'secret' },
      timeoutMs: 2000,
    });
  });

  it('refuses to start with half an account, an unknown provider or a bad sender', () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems.join('\n');
      }
      throw new Error(`accepted ${JSON.stringify(env)}`);
    };
    expect(refused({ SMS_PROVIDER: 'smsc' })).toMatch(/^SMS_API_KEY/);
    expect(refused({ SMS_PROVIDER: 'smsc', SMS_LOGIN: 'rest' })).toMatch(/^SMS_API_KEY/);
    expect(refused({ SMS_API_KEY: 'k'.repeat(32) })).toMatch(/^SMS_PROVIDER/);
    expect(refused({ SMS_PROVIDER: 'smsru', SMS_API_KEY: 'k'.repeat(32) })).toMatch(
      /^SMS_PROVIDER: must be smsc/,
    );
    expect(refused({ SMS_PROVIDER: 'smsc', SMS_API_KEY: 'k'.repeat(32), SMS_SENDER: 'Столик' })).toMatch(
      /^SMS_SENDER/,
    );
    expect(
      refused({ SMS_PROVIDER: 'smsc', SMS_API_KEY: 'k'.repeat(32), SMS_LOGIN: 'a', SMS_PASSWORD: 'b' }),
    ).toMatch(/set the API key, or the login and password/);
  });

  it('without an account the channel is off and sends nothing', async () => {
    const channel = createSmsChannel(undefined);
    expect(channel.configured).toBe(false);
    expect(await channel.send(PHONE, TEXT, 'gm1')).toEqual({ ok: false, error: 'sms_off' });
  });
});

describe('SMSC.ru adapter against the fake provider', () => {
  let fake: FakeSmsProvider;
  const warnings: object[] = [];
  const logger = { warn: (obj: object) => warnings.push(obj) };
  const channel = (overrides: Partial<SmsConfig> = {}) =>
    createSmscChannel(
      {
        provider: 'smsc',
        apiRoot: fake.apiRoot,
        auth: { apiKey: 'fake-sms-api-key' },
        sender: 'Stolik',
        timeoutMs: 1000,
        ...overrides,
      },
      { logger },
    );

  beforeEach(async () => {
    warnings.length = 0;
    fake = await startFakeSmsProvider({ deliverAfterMs: 300 });
  });
  afterEach(() => fake.close());

  it('sends: the provider gets the phone, the text, our id and the sender; the segments come back', async () => {
    const outcome = await channel().send(PHONE, TEXT, 'gm41');
    expect(outcome).toEqual({ ok: true, ref: 'gm41', segments: 1 });
    expect(fake.sends).toMatchObject([
      { phone: PHONE, text: TEXT, clientId: 'gm41', sender: 'Stolik', segments: 1 },
    ]);
    // Two segments are reported as two.
    expect(await channel().send(PHONE, `${TEXT} ещё`, 'gm42')).toMatchObject({ ok: true, segments: 2 });
  });

  it('signs in with a login and password as well', async () => {
    fake.options = { ...fake.options, login: 'rest', password: 'secret' };
    expect(
      await channel({ auth: { login: 'rest', password: 'secret' } }).send(PHONE, TEXT, 'gm1'),
    ).toMatchObject({
      ok: true,
    });
  });

  it('an account the provider does not know: sms_auth, nothing sent', async () => {
    expect(await channel({ auth: { apiKey: 'wrong-key-wrong' } }).send(PHONE, TEXT, 'gm1')).toEqual({
      ok: false,
      error: 'sms_auth',
    });
    expect(fake.sends).toEqual([]);
  });

  it('the provider refuses (no money left, undeliverable): its code as a word', async () => {
    fake.options = { ...fake.options, balance: 0 };
    expect(await channel().send(PHONE, TEXT, 'gm1')).toEqual({ ok: false, error: 'sms_no_funds' });
    fake.options = { ...fake.options, balance: undefined };
    fake.behave('+79160000008', 'undeliverable');
    expect(await channel().send('+79160000008', TEXT, 'gm2')).toEqual({
      ok: false,
      error: 'sms_undeliverable',
    });
    expect(fake.sends).toEqual([]);
  });

  it('an invalid phone: the provider says so; a malformed one is not even sent', async () => {
    fake.behave('+79160000007', 'invalid');
    expect(await channel().send('+79160000007', TEXT, 'gm1')).toEqual({
      ok: false,
      error: 'sms_invalid_phone',
    });
    const calls = fake.calls.send;
    expect(await channel().send('8 916 123-45-67', TEXT, 'gm2')).toEqual({
      ok: false,
      error: 'sms_invalid_phone',
    });
    expect(fake.calls.send).toBe(calls);
    expect(await channel().send(PHONE, TEXT, 'gm 1; drop')).toEqual({
      ok: false,
      error: 'sms_bad_client_id',
    });
  });

  it('a provider that does not answer: sms_timeout within the timeout, nothing taken', async () => {
    fake.behave(PHONE, 'hang');
    const started = Date.now();
    expect(await channel().send(PHONE, TEXT, 'gm1')).toEqual({ ok: false, error: 'sms_timeout' });
    // The status call first (nothing there), the send's timeout, then the status call that finds nothing.
    expect(Date.now() - started).toBeLessThan(2900);
    expect(fake.sends).toEqual([]);
  });

  it('an answer lost after the provider took the SMS: recognised by our id, not failed', async () => {
    fake.behave(PHONE, 'hang-after-taking');
    expect(await channel().send(PHONE, TEXT, 'gm7')).toEqual({ ok: true, ref: 'gm7' });
    expect(fake.sends).toHaveLength(1);
  });

  it('a repeat with the same id (after a crash) is recognised by the id: one SMS', async () => {
    expect(await channel().send(PHONE, TEXT, 'gm9')).toMatchObject({ ok: true, ref: 'gm9' });
    expect(await channel().send(PHONE, TEXT, 'gm9')).toEqual({ ok: true, ref: 'gm9' });
    expect(fake.sends).toHaveLength(1);
  });

  it('a repeat of a message the provider already has is not sent again, even as another request', async () => {
    expect(await channel().send(PHONE, TEXT, 'gm11')).toMatchObject({ ok: true, ref: 'gm11', segments: 1 });
    // Not the identical request the provider refuses within a minute: the same message id, asked first.
    expect(await channel().send(PHONE, `${TEXT}!`, 'gm11')).toEqual({ ok: true, ref: 'gm11' });
    expect(fake.sends.map((send) => send.clientId)).toEqual(['gm11']);
    // The same id to another phone is another message.
    expect(await channel().send('+79160000099', TEXT, 'gm11')).toMatchObject({ ok: true, segments: 1 });
    expect(fake.sends).toHaveLength(2);
  });

  it('a provider out of reach: sms_unreachable', async () => {
    const sms = channel();
    await fake.close();
    expect(await sms.send(PHONE, TEXT, 'gm1')).toEqual({ ok: false, error: 'sms_unreachable' });
  });

  it('reads delivery: on its way, then delivered; failed ones failed; unknown ones failed', async () => {
    const sms = channel();
    fake.behave('+79160000020', 'fails-later').behave('+79160000003', 'expires');
    for (const [phone, id] of [
      [PHONE, 'gm1'],
      ['+79160000020', 'gm2'],
      ['+79160000003', 'gm3'],
    ] as const)
      expect(await sms.send(phone, TEXT, id)).toMatchObject({ ok: true });
    const sent = [
      { ref: 'gm1', phone: PHONE },
      { ref: 'gm2', phone: '+79160000020' },
      { ref: 'gm3', phone: '+79160000003' },
      { ref: 'gm4', phone: PHONE },
    ];
    expect(Object.fromEntries(await sms.statuses(sent))).toEqual({
      gm1: 'sent',
      gm2: 'sent',
      gm3: 'sent',
      gm4: 'failed',
    });
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(Object.fromEntries(await sms.statuses(sent))).toEqual({
      gm1: 'delivered',
      gm2: 'failed',
      gm3: 'failed',
      gm4: 'failed',
    });
  });

  it("stops a status round at the provider's refusal (too many asks), leaving the rest unread", async () => {
    const sms = channel();
    await sms.send(PHONE, TEXT, 'gm1');
    // The send asked once whether the provider had it already.
    expect(fake.calls.status).toBe(1);
    const sent = [{ ref: 'gm1', phone: PHONE }];
    for (let i = 0; i < 4; i += 1) expect((await sms.statuses(sent)).size).toBe(1);
    expect((await sms.statuses([...sent, { ref: 'gm2', phone: PHONE }])).size).toBe(0);
    expect(fake.calls.status).toBe(6);
  });

  it('the fake fails and hangs the share of sends it is told to (benchmarks)', async () => {
    // A fixed sequence for the two draws of each send: the timeout's, then the failure's.
    const draws = [0.9, 0.1, 0.9, 0.9, 0.1];
    fake.options = {
      ...fake.options,
      failureRate: 0.5,
      timeoutRate: 0.5,
      random: () => draws.shift() ?? 0.9,
    };
    const sms = channel();
    expect(await sms.send(PHONE, TEXT, 'gm1')).toEqual({ ok: false, error: 'sms_undeliverable' });
    expect(await sms.send(PHONE, TEXT, 'gm2')).toMatchObject({ ok: true, ref: 'gm2' });
    expect(await sms.send(PHONE, TEXT, 'gm3')).toEqual({ ok: false, error: 'sms_timeout' });
    expect(fake.sends.map((send) => send.clientId)).toEqual(['gm2']);
  });

  it('never logs the text or the whole phone', async () => {
    fake.behave(PHONE, 'undeliverable');
    await channel().send(PHONE, TEXT, 'gm1');
    await channel({ auth: { apiKey: 'wrong-key-wrong' } }).send(PHONE, TEXT, 'gm2');
    expect(warnings).toHaveLength(2);
    const logged = JSON.stringify(warnings);
    expect(logged).not.toContain(PHONE);
    expect(logged).not.toContain('1234567');
    expect(logged).not.toContain('столик');
    expect(logged).toContain(maskPhone(PHONE));
  });
});
