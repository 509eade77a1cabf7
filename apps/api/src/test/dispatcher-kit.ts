import { FakeBotApi } from '@stolik/bot/testing';
import { Api } from 'grammy';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  createGuestMessenger,
  type GuestMessenger,
  type MessengerTuning,
} from '../modules/guest-messages/guest-messenger';
import { createDispatcher, type Dispatcher } from '../modules/telegram/dispatcher';
import type { DispatcherTuning } from '../modules/telegram/dispatcher-tuning';
import { createIdentities, type Identities } from './identities';
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from './test-app';

/**
 * The set-up of the dispatcher's test files: an app with its people, a fresh fake Bot API for each
 * test, and dispatchers that are stopped after it. Call at the top of a file; read the fields
 * inside the tests (they are set by the hooks).
 */
export function dispatcherKit() {
  const running: (Dispatcher | GuestMessenger)[] = [];
  const kit = {
    t: undefined as unknown as TestApp,
    who: undefined as unknown as Identities,
    fake: undefined as unknown as FakeBotApi,
    apiRoot: '',
    /** A dispatcher on this test's fake, polling every 100 ms unless told otherwise. */
    dispatcher(tuning: Partial<DispatcherTuning> = {}, name?: string): Dispatcher {
      const d = createDispatcher({
        db: kit.t.database.db,
        api: new Api(TEST_BOT_TOKEN, { apiRoot: kit.apiRoot }),
        publicUrl: () => 'https://stolik.test',
        tuning: { pollMs: 100, ...tuning },
        ...(name ? { name } : {}),
      });
      running.push(d);
      return d;
    },
    /** The guest messenger beside it (guests' messages go down its ladder; Telegram only here). */
    messenger(tuning: Partial<MessengerTuning> = {}): GuestMessenger {
      const m = createGuestMessenger({
        db: kit.t.database.db,
        publicUrl: () => 'https://stolik.test',
        telegram: true,
        push: null,
        sms: null,
        tuning: { pollMs: 100, ...tuning },
      });
      running.push(m);
      return m;
    },
    sent: () => kit.fake.callsOf('sendMessage'),
  };
  beforeAll(async () => {
    kit.t = await createTestApp();
    kit.who = await createIdentities(kit.t);
  });
  afterAll(() => kit.t.close());
  beforeEach(async () => {
    kit.fake = new FakeBotApi();
    kit.apiRoot = await kit.fake.start();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((d) => d.stop()));
    await kit.fake.stop();
  });
  return kit;
}

export const chatsOf = (calls: { payload: Record<string, unknown> }[]) =>
  calls.map((c) => Number(c.payload.chat_id));
