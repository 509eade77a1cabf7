import { Composer, GrammyError } from 'grammy';
import { parseCallbackData } from '../callback-data';
import type { ActionOutcome } from '../chat-actions';
import type { BotContext } from '../context';
import { findStaffByTelegram } from '../store/staff';

/**
 * The buttons of a staff notification that act: confirm or decline a new booking, call a waiting
 * guest. The Telegram user must be a linked, active staff member; the product's own services then
 * apply the API's rules (a member of that restaurant, a move the status machine allows).
 */
export const staffActionsFeature = new Composer<BotContext>();

/** Once acted upon, the message keeps only its links: the action buttons would only fail now. */
export async function dropActionButtons(ctx: BotContext): Promise<void> {
  const rows = ctx.callbackQuery?.message?.reply_markup?.inline_keyboard ?? [];
  const links = rows
    .map((row) => row.filter((button) => !('callback_data' in button)))
    .filter((row) => row.length > 0);
  try {
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: links } });
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 400) return;
    throw error;
  }
}

staffActionsFeature.on('callback_query:data', async (ctx, next) => {
  const action = parseCallbackData(ctx.callbackQuery.data);
  if (!action || !['booking-confirm', 'booking-decline', 'queue-call'].includes(action.kind)) return next();
  const actions = ctx.deps.actions;
  if (!actions) return ctx.answerCallbackQuery({ text: ctx.t('bot.actions.expired'), show_alert: true });
  const staff = await findStaffByTelegram(ctx.deps.db, ctx.from.id);
  if (!staff) return ctx.answerCallbackQuery({ text: ctx.t('bot.notLinked'), show_alert: true });

  let outcome: ActionOutcome;
  let doneKey: string;
  if (action.kind === 'booking-confirm') {
    outcome = await actions.setBookingStatus(staff.id, action.booking, 'application');
    doneKey = 'bot.actions.bookingConfirmed';
  } else if (action.kind === 'booking-decline') {
    outcome = await actions.setBookingStatus(staff.id, action.booking, 'declined');
    doneKey = 'bot.actions.bookingDeclined';
  } else if (action.kind === 'queue-call') {
    outcome = await actions.callGuest(staff.id, action.entry);
    doneKey = 'bot.actions.guestCalled';
  } else {
    return next();
  }

  if (outcome === 'refused') {
    return ctx.answerCallbackQuery({ text: ctx.t('bot.actions.refused'), show_alert: true });
  }
  await dropActionButtons(ctx);
  return ctx.answerCallbackQuery({
    text: ctx.t(outcome === 'done' ? doneKey : 'bot.actions.conflict'),
    show_alert: outcome !== 'done',
  });
});
