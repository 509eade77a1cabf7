import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { waitingPlacesOf } from '../store/guest-places';
import { replyWithPlaces } from './guest-places';

/**
 * /start without a payload the other features took: a guest who waits in a queue (joined from the
 * Mini App with this account) is given their place and page again; anyone else a greeting.
 * Registered after the deep-link features.
 */
export const startFeature = new Composer<BotContext>();

startFeature.command('start', async (ctx) => {
  const places =
    ctx.chat.type === 'private' && ctx.from ? await waitingPlacesOf(ctx.deps.db, ctx.from.id) : [];
  if (places.length > 0) return replyWithPlaces(ctx, places);
  return ctx.reply(ctx.t('bot.welcome'));
});
