import { Composer } from 'grammy';
import type { BotContext } from '../context';

/** Registered last: anything no feature handled gets a short hint instead of silence. */
export const unhandledFeature = new Composer<BotContext>();

unhandledFeature.on('message', (ctx) => ctx.reply(ctx.t('bot.unknown')));
// A button of an old message, or one no feature knows: the spinner must still stop.
unhandledFeature.on('callback_query', (ctx) =>
  ctx.answerCallbackQuery({ text: ctx.t('bot.actions.expired') }),
);
