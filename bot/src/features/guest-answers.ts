import { Composer } from 'grammy';
import { parseCallbackData } from '../callback-data';
import type { ActionOutcome } from '../chat-actions';
import type { BotContext } from '../context';
import { dropActionButtons } from './staff-actions';

/**
 * A guest's answer to their own notification: coming, or not after all (the table is given to the
 * next party; the booking is cancelled). Only the chat the notification went to may answer.
 */
export const guestAnswersFeature = new Composer<BotContext>();

guestAnswersFeature.on('callback_query:data', async (ctx, next) => {
  const action = parseCallbackData(ctx.callbackQuery.data);
  if (!action || (action.kind !== 'guest-queue' && action.kind !== 'guest-booking')) return next();
  const actions = ctx.deps.actions;
  const chatId = ctx.chat?.id ?? ctx.from.id;
  if (!actions) return ctx.answerCallbackQuery({ text: ctx.t('bot.actions.expired'), show_alert: true });

  let outcome: ActionOutcome;
  let doneKey: string;
  if (action.kind === 'guest-queue') {
    outcome = await actions.answerQueueCall(chatId, action.entry, action.answer);
    doneKey = action.answer === 'coming' ? 'bot.actions.guestComing' : 'bot.actions.guestCancelled';
  } else {
    outcome = await actions.answerBooking(chatId, action.booking, action.answer);
    doneKey = action.answer === 'coming' ? 'bot.actions.guestComing' : 'bot.actions.bookingCancelled';
  }
  if (outcome === 'refused') {
    return ctx.answerCallbackQuery({ text: ctx.t('bot.actions.expired'), show_alert: true });
  }
  await dropActionButtons(ctx);
  return ctx.answerCallbackQuery({
    text: ctx.t(outcome === 'done' ? doneKey : 'bot.actions.expired'),
    show_alert: outcome !== 'done',
  });
});
