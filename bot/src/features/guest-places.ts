import type { BotContext } from '../context';
import { miniAppButton, productUrl } from '../keyboards/mini-app-button';
import type { GuestPlace } from '../store/guest-places';

/**
 * Tells a guest where they stand and gives them their page again, for a guest who closed the Mini
 * App or lost its tab: 'Вы уже в очереди …' with a button to their own page (the web_app button of
 * an https address), or the address as text on a local run.
 */
export async function replyWithPlaces(ctx: BotContext, places: GuestPlace[]) {
  for (const place of places) {
    const text = ctx.t('bot.guest.alreadyQueued', { restaurant: place.restaurantName, number: place.number });
    const url = productUrl(ctx.deps.publicUrl(), `/guest/queue/${place.token}`);
    const button = miniAppButton(ctx.t('bot.guest.openMine'), url);
    if (button) await ctx.reply(text, { reply_markup: { inline_keyboard: [[button]] } });
    else await ctx.reply(url ? `${text}\n${ctx.t('bot.guest.openAt', { url })}` : text);
  }
}
