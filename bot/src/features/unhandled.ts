import { Composer } from 'grammy';
import type { BotContext } from '../context';

/** Registered last: anything no feature handled gets a short hint instead of silence. */
export const unhandledFeature = new Composer<BotContext>();

unhandledFeature.on('message', (ctx) => ctx.reply(ctx.t('bot.unknown')));
