import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { waitingPlacesOf } from '../store/guest-places';
import { findStaffByTelegram } from '../store/staff';
import { replyWithPlaces } from './guest-places';

/**
 * /start without a payload the other features took. A guest who waits in a queue (joined from the
 * Mini App with this account) is given their place and page again; a linked staff member is
 * greeted by name and pointed at /notifications; anyone else learns how a guest joins or books
 * (the restaurant's QR code or link) and how a staff member links their Telegram. Registered after
 * the deep-link features.
 */
export const startFeature = new Composer<BotContext>();

startFeature.command('start', async (ctx) => {
  if (ctx.chat.type === 'private' && ctx.from) {
    const places = await waitingPlacesOf(ctx.deps.db, ctx.from.id);
    if (places.length > 0) return replyWithPlaces(ctx, places);
    const staff = await findStaffByTelegram(ctx.deps.db, ctx.from.id);
    if (staff) return ctx.reply(ctx.t('bot.welcomeStaff', { name: staff.firstName }));
  }
  return ctx.reply(ctx.t('bot.welcome'));
});
