import { schema } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { miniAppButton, productUrl } from '../keyboards/mini-app-button';

const GUEST_LINK = /^(queue|booking)_(\d{1,10})$/;

/**
 * `/start queue_<restaurant>` and `/start booking_<restaurant>`: a guest came from a QR code or a
 * link. The bot greets them and opens the guest form in the Mini App, inside this chat, so that
 * the answer (table ready, booking decided) can come back here.
 */
export const guestLinksFeature = new Composer<BotContext>();

guestLinksFeature.chatType('private').command('start', async (ctx, next) => {
  const match = GUEST_LINK.exec(ctx.match.trim());
  if (!match) return next();
  const kind = match[1] as 'queue' | 'booking';
  const restaurantId = Number(match[2]);
  const [restaurant] =
    restaurantId <= 2_147_483_647
      ? await ctx.deps.db
          .select({
            id: schema.restaurants.id,
            name: schema.restaurants.name,
            hasBookings: schema.restaurants.hasBookings,
          })
          .from(schema.restaurants)
          .where(eq(schema.restaurants.id, restaurantId))
      : [];
  if (!restaurant) return ctx.reply(ctx.t('bot.guest.unknownRestaurant'));
  if (kind === 'booking' && !restaurant.hasBookings) {
    return ctx.reply(ctx.t('bot.guest.bookingsOff', { restaurant: restaurant.name }));
  }
  const url = productUrl(ctx.deps.publicUrl(), `/guest/${restaurant.id}/${kind}`);
  const button = miniAppButton(ctx.t(`bot.guest.${kind}Button`), url);
  const greeting = ctx.t(`bot.guest.${kind}`, { restaurant: restaurant.name });
  if (button) return ctx.reply(greeting, { reply_markup: { inline_keyboard: [[button]] } });
  // No address Telegram accepts as a button (a local run): the link as text.
  return ctx.reply(url ? `${greeting}\n${ctx.t('bot.guest.openAt', { url })}` : greeting);
});
