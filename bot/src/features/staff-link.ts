import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { linkTelegramAccount } from '../store/staff';

/** The one-time token of POST /api/user/me/telegram-link/ (base64url; a deep link allows up to 64). */
const LINK_TOKEN = /^[\w-]{16,64}$/;

/**
 * `/start <token>`: a staff member opened t.me/<bot>?start=<token> from the app's profile menu.
 * The token names the account; this chat's Telegram user becomes its Telegram.
 */
export const staffLinkFeature = new Composer<BotContext>();

staffLinkFeature.chatType('private').command('start', async (ctx, next) => {
  const token = ctx.match.trim();
  if (!LINK_TOKEN.test(token)) return next();
  const outcome = await linkTelegramAccount(ctx.deps.db, token, {
    id: ctx.from.id,
    username: ctx.from.username,
  });
  if (outcome.kind === 'linked') {
    await ctx.reply(ctx.t('bot.link.done', { name: outcome.firstName || ctx.from.first_name }));
  } else {
    await ctx.reply(ctx.t(outcome.kind === 'taken' ? 'bot.link.taken' : 'bot.link.invalid'));
  }
});
