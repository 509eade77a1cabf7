import { Composer } from 'grammy';
import type { BotContext } from '../context';

/** /start: a greeting. Deep links (staff linking, guest queue and booking) arrive with the issue that adds them. */
export const startFeature = new Composer<BotContext>();

startFeature.command('start', (ctx) => ctx.reply(ctx.t('bot.welcome')));
