import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

describe('configuration', () => {
  it('runs with nothing set: port 3000, embedded database in ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      botToken: undefined,
      adminEmail: 'admin@stolik.local',
      adminPassword: undefined,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', BOT_TOKEN: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/stolik',
      DATABASE_URL: 'postgres://u@db:5432/stolik',
      PUBLIC_URL: 'https://stolik.example.com',
      BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'long-enough',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/stolik',
      databaseUrl: 'postgres://u@db:5432/stolik',
      publicUrl: 'https://stolik.example.com',
      adminEmail: 'boss@example.com',
    });
  });

  it('refuses to run in production without PUBLIC_URL (links would name this machine)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required in production/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://stolik.example.com' }).publicUrl).toBe(
      'https://stolik.example.com',
    );
  });

  it('admits a fake push service only when PUSH_TEST_ENDPOINTS=loopback is set, and never in production', () => {
    expect(loadConfig({}).pushTestEndpoints).toBeUndefined();
    expect(loadConfig({ PUSH_TEST_ENDPOINTS: 'loopback' }).pushTestEndpoints).toBe('loopback');
    expect(() => loadConfig({ PUSH_TEST_ENDPOINTS: 'any' })).toThrow(/PUSH_TEST_ENDPOINTS: must be loopback/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://stolik.example.com',
        PUSH_TEST_ENDPOINTS: 'loopback',
      }),
    ).toThrow(/PUSH_TEST_ENDPOINTS: for tests only/);
  });

  it('lists every problem at once, by variable name', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ADMIN_EMAIL: 'nope',
        ADMIN_PASSWORD: 'short',
        BOT_TOKEN: 'x',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'BOT_TOKEN']) {
        expect(problems).toContain(name);
      }
    }
  });

  it('runs the bot by long polling in this process unless told otherwise', () => {
    const config = loadConfig({ BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(config).toMatchObject({ botWebhookUrl: undefined, botEmbedded: true });
    expect(loadConfig({ BOT_EMBEDDED: 'false' }).botEmbedded).toBe(false);
  });

  it('takes a webhook at an https address, with a secret every replica derives alike from the token', () => {
    const env = {
      BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      BOT_WEBHOOK_URL: 'https://stolik.example.com/api/telegram/webhook/',
    };
    const config = loadConfig(env);
    expect(config.botWebhookUrl).toBe(env.BOT_WEBHOOK_URL);
    expect(config.botWebhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig(env).botWebhookSecret).toBe(config.botWebhookSecret);
    expect(loadConfig({ ...env, BOT_WEBHOOK_SECRET: 'my-own-secret-0001' }).botWebhookSecret).toBe(
      'my-own-secret-0001',
    );
  });

  it('refuses a webhook over http, without a token, or a secret Telegram would refuse', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return (error as ConfigError).problems.join('\n');
      }
    };
    const token = '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    expect(problems({ BOT_TOKEN: token, BOT_WEBHOOK_URL: 'http://stolik.example.com/hook' })).toContain(
      'BOT_WEBHOOK_URL',
    );
    expect(problems({ BOT_WEBHOOK_URL: 'https://stolik.example.com/hook' })).toContain('needs BOT_TOKEN');
    expect(problems({ BOT_TOKEN: token, BOT_WEBHOOK_SECRET: 'short' })).toContain('BOT_WEBHOOK_SECRET');
    expect(problems({ BOT_EMBEDDED: 'maybe' })).toContain('BOT_EMBEDDED');
  });

  it('takes the Mini App’s short name for startapp links, and a delivery lease of 60 s unless told', () => {
    expect(loadConfig({})).toMatchObject({ botMiniappShortName: undefined, botDeliveryLeaseS: 60 });
    expect(loadConfig({ BOT_MINIAPP_SHORT_NAME: 'app', BOT_DELIVERY_LEASE_S: '5' })).toMatchObject({
      botMiniappShortName: 'app',
      botDeliveryLeaseS: 5,
    });
    for (const env of [
      { BOT_MINIAPP_SHORT_NAME: 'ab' },
      { BOT_MINIAPP_SHORT_NAME: 'my-app' },
      { BOT_DELIVERY_LEASE_S: '4' },
      { BOT_DELIVERY_LEASE_S: 'soon' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(Object.keys(env)[0]);
    }
  });

  it('allows no other site to call the API unless CORS_ORIGINS lists it', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' https://a.example, http://localhost:5173 ' }).corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
    for (const value of ['a.example', 'https://a.example/path', '*']) {
      expect(() => loadConfig({ CORS_ORIGINS: value }), value).toThrow('CORS_ORIGINS');
    }
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names, never from anyone', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,::1, fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const value of [
      'true',
      '*',
      '0',
      '11',
      '10.0.0.0/33',
      '10.0.0/8',
      'proxy.local',
      '1.2.3.4/8/1',
      ',',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow('TRUST_PROXY');
    }
  });
});
