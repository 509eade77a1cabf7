import { schema } from '@stolik/db';
import { parseStartParam } from '@stolik/domain';
import { eq } from 'drizzle-orm';
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { miniAppAddress, miniAppButton, openButton, productUrl } from '../keyboards/mini-app-button';
import { waitingPlacesOf } from '../store/guest-places';
import { replyWithPlaces } from './guest-places';

const MAX_ID = 2_147_483_647;

/**
 * `/start queue_<restaurant>` and `/start booking_<restaurant>` (the Mini App's own start
 * parameters, see @stolik/domain start-param): a guest came from a QR code or a link. The bot
 * greets them and opens the guest form in the Mini App from this chat, so that the answer (table
 * ready, booking decided) can come back here: a web_app button to the form's page (a private
 * chat allows one, and it opens that very page); without an https address, the registered Mini
 * App's startapp link; failing both, a plain link, or the address as text. A guest who already
 * waits in that queue (joined from the Mini App with this account) gets their own page instead.
 */
export const guestLinksFeature = new Composer<BotContext>();

guestLinksFeature.chatType('private').command('start', async (ctx, next) => {
  const target = parseStartParam(ctx.match.trim());
  if (!target || (target.kind !== 'queue' && target.kind !== 'booking')) return next();
  const [restaurant] =
    target.restaurant <= MAX_ID
      ? await ctx.deps.db
          .select({
            id: schema.restaurants.id,
            name: schema.restaurants.name,
            hasBookings: schema.restaurants.hasBookings,
          })
          .from(schema.restaurants)
          .where(eq(schema.restaurants.id, target.restaurant))
      : [];
  if (!restaurant) return ctx.reply(ctx.t('bot.guest.unknownRestaurant'));
  if (target.kind === 'queue' && ctx.from) {
    // Already waiting there (from the Mini App, with this Telegram account): their place, not a second form.
    const places = await waitingPlacesOf(ctx.deps.db, ctx.from.id, restaurant.id);
    if (places.length > 0) return replyWithPlaces(ctx, places);
  }
  if (target.kind === 'booking' && !restaurant.hasBookings) {
    return ctx.reply(ctx.t('bot.guest.bookingsOff', { restaurant: restaurant.name }));
  }
  const path = `/guest/${restaurant.id}/${target.kind}`;
  const url = productUrl(ctx.deps.publicUrl(), path);
  const text = ctx.t(`bot.guest.${target.kind}Button`);
  const webApp = url?.startsWith('https:') ? miniAppButton(text, url) : null;
  const places = {
    publicUrl: ctx.deps.publicUrl(),
    miniApp: miniAppAddress(ctx.me.username, ctx.deps.miniAppShortName),
  };
  const button = webApp ?? openButton(text, places, path, target);
  const greeting = ctx.t(`bot.guest.${target.kind}`, { restaurant: restaurant.name });
  if (button) return ctx.reply(greeting, { reply_markup: { inline_keyboard: [[button]] } });
  // No address Telegram accepts as a button (a local run): the link as text.
  return ctx.reply(url ? `${greeting}\n${ctx.t('bot.guest.openAt', { url })}` : greeting);
});
