import { ru } from '@stolik/i18n';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBot } from './bot';
import { FakeBotApi } from './testing/fake-bot-api';

const TOKEN = '123456:TEST-token-for-the-fake-bot-api-000';

function privateMessage(text: string, updateId = 1) {
  const entities = text.startsWith('/')
    ? [{ type: 'bot_command' as const, offset: 0, length: text.split(' ')[0]?.length ?? 0 }]
    : undefined;
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: 42, type: 'private' as const, first_name: 'Анна' },
      from: { id: 42, is_bot: false, first_name: 'Анна' },
      text,
      ...(entities ? { entities } : {}),
    },
  };
}

describe('the bot', () => {
  let api: FakeBotApi;
  let apiRoot: string;

  beforeEach(async () => {
    api = new FakeBotApi();
    apiRoot = await api.start();
  });
  afterEach(() => api.stop());

  it('greets a user who sends /start, through the Bot API', async () => {
    const bot = createBot({ token: TOKEN, apiRoot, botInfo: api.botInfo });
    await bot.handleUpdate(privateMessage('/start'));
    const [sent] = api.callsOf('sendMessage');
    expect(sent?.payload).toMatchObject({ chat_id: 42, text: ru.bot.welcome });
  });

  it('answers anything it does not understand with a hint, not silence', async () => {
    const bot = createBot({ token: TOKEN, apiRoot, botInfo: api.botInfo });
    await bot.handleUpdate(privateMessage('привет'));
    expect(api.callsOf('sendMessage').map((c) => c.payload.text)).toEqual([ru.bot.unknown]);
  });

  it('keeps running when a handler fails, and reports the failure', async () => {
    const errors: unknown[] = [];
    const bot = createBot({
      token: TOKEN,
      apiRoot,
      botInfo: api.botInfo,
      logger: { error: (o) => errors.push(o) },
    });
    api.throttle('sendMessage', 1, 0);
    // grammY surfaces the 429 as an error inside the handler; the boundary must catch it.
    await bot.handleUpdate(privateMessage('/start', 1));
    await bot.handleUpdate(privateMessage('/start', 2));
    expect(errors).toHaveLength(1);
    expect(api.callsOf('sendMessage')).toHaveLength(1);
  });
});
