import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FakeBotApi, privateMessage } from '@stolik/bot/testing';
import { createEmptyPostgresDatabase } from '@stolik/db/testing';
import { ru } from '@stolik/i18n';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { builtEntry, testClockEnv } from '../build';

function run(env: Record<string, string>, until: (output: string) => boolean, timeoutMs = 60_000) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [builtEntry('server')], {
      env: { PATH: process.env.PATH ?? '', ...testClockEnv(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not finish in time:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('the server process', () => {
  it('refuses bad configuration with a clear message and exit code 78', async () => {
    const { code, output } = await run({ PORT: 'eighty', DATABASE_URL: 'mysql://nope' }, () => false);
    expect(code).toBe(78);
    expect(output).toContain('Stolik cannot start');
    expect(output).toContain('PORT');
    expect(output).toContain('DATABASE_URL');
  });

  it('starts on an empty database, prints the URL and a one-time password, and stops on SIGTERM', async () => {
    // On PostgreSQL runs the server gets a database of its own; otherwise an empty PGlite folder.
    const database = process.env.STOLIK_TEST_DB === 'postgres' ? await createEmptyPostgresDatabase() : null;
    onTestFinished(async () => database?.drop());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stolik-data-'));
    const env: Record<string, string> = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    };
    if (database) env.DATABASE_URL = database.url;
    const first = await run(env, (out) => out.includes('Telegram bot:'));
    expect(first.output).toMatch(/Stolik is running: http:\/\/localhost:\d+/);
    expect(first.output).toContain(database ? 'Database: PostgreSQL' : 'Database: embedded PGlite');
    expect(first.output).toMatch(/Password: {2}\S{16} {3}<- generated now/);
    expect(first.code).toBe(0);

    // The second start finds the seeded database and does not invent another password.
    const second = await run(env, (out) => out.includes('Telegram bot:'));
    expect(second.output).toContain('created on the first start');
    expect(second.output).not.toContain('generated now');
    expect(second.code).toBe(0);
    // Two cold starts of the real process: on 2 busy cores a PGlite start alone may take 20 s.
  }, 120_000);

  it('runs the embedded bot: /start through the Bot API it is pointed at gets the welcome', async () => {
    const botApi = new FakeBotApi();
    const apiRoot = await botApi.start();
    const database = process.env.STOLIK_TEST_DB === 'postgres' ? await createEmptyPostgresDatabase() : null;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stolik-data-'));
    let output = '';
    const child: ChildProcess = spawn(process.execPath, [builtEntry('server')], {
      env: {
        PATH: process.env.PATH ?? '',
        ...testClockEnv(),
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        BOT_TOKEN: '1234567890:AAServer-test-token-for-the-fake-api',
        TELEGRAM_API_ROOT: apiRoot,
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    onTestFinished(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await botApi.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });

    // The process says the bot runs, and the bot long-polls the fake for updates.
    await vi.waitFor(() => expect(output).toContain('Telegram bot: running (long polling)'), {
      timeout: 60_000,
      interval: 100,
    });
    await botApi.waitFor('getUpdates', 1, 30_000);
    expect(botApi.callsOf('getMe').length).toBeGreaterThan(0);

    botApi.pushUpdate(privateMessage('/start') as unknown as Record<string, unknown>);
    const [answer] = await botApi.waitFor('sendMessage', 1, 15_000);
    expect(answer?.payload).toMatchObject({ chat_id: 42, text: ru.bot.welcome });

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/the Telegram bot could not start|Stolik failed to start/);
  }, 120_000);
});
