import { Composer } from 'grammy';
import type { BotContext } from '../context';

/** /start without a payload the other features took: a greeting. Registered after them. */
export const startFeature = new Composer<BotContext>();

startFeature.command('start', (ctx) => ctx.reply(ctx.t('bot.welcome')));
