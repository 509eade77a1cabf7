import { NOTIFICATION_TYPES, type NotificationType, notifiableStatuses } from '@stolik/domain';
import { Composer, GrammyError } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import { type CallbackAction, callbackData, parseCallbackData } from '../callback-data';
import type { BotContext } from '../context';
import { escapeHtml } from '../html';
import { readNotificationSettings, toggleNotificationStatus } from '../store/notification-settings';
import { findStaffByTelegram, restaurantsOf, type Staff, type StaffRestaurant } from '../store/staff';

/**
 * /notifications: per restaurant, which queue and booking statuses the staff member hears about,
 * switched on and off with inline buttons; the message is edited in place. The same settings as
 * the API's GET/POST /api/telegram/notifications/ and the app's dialog.
 */
export const notificationsFeature = new Composer<BotContext>();

const SECTION_KEY: Record<NotificationType, string> = {
  queue: 'bot.notifications.queue',
  booking: 'bot.notifications.booking',
};

/** The staff screens' words for each status (spec §4), so that chat and app say the same. */
function statusLabel(ctx: BotContext, type: NotificationType, status: string): string {
  return ctx.t(type === 'queue' ? `liveQueue.statuses.${status}` : `bookingStatuses.${status}`);
}

function listMenu(ctx: BotContext, restaurants: StaffRestaurant[]) {
  return {
    text: ctx.t('bot.notifications.choose'),
    keyboard: restaurants.map((r) => [
      { text: r.name, callback_data: callbackData({ kind: 'settings-restaurant', restaurant: r.id }) },
    ]),
  };
}

async function restaurantMenu(ctx: BotContext, staff: Staff, restaurant: StaffRestaurant, many: boolean) {
  const settings = await readNotificationSettings(ctx.deps.db, staff.id, [restaurant.id]);
  const chosen = (type: NotificationType) =>
    new Set<string>(settings.find((s) => s.type === type)?.statuses ?? []);
  const lines = [ctx.t('bot.notifications.restaurant', { restaurant: escapeHtml(restaurant.name) }), ''];
  const keyboard: InlineKeyboardButton[][] = [];
  for (const type of NOTIFICATION_TYPES) {
    const on = chosen(type);
    const names = notifiableStatuses(type)
      .filter((status) => on.has(status))
      .map((status) => statusLabel(ctx, type, status));
    lines.push(
      ctx.t('bot.notifications.summary', {
        section: ctx.t(SECTION_KEY[type]),
        statuses: names.length ? names.join(', ') : ctx.t('bot.notifications.nothing'),
      }),
    );
    keyboard.push([
      { text: `— ${ctx.t(SECTION_KEY[type])} —`, callback_data: callbackData({ kind: 'noop' }) },
    ]);
    const toggles = notifiableStatuses(type).map((status) => ({
      text: `${on.has(status) ? '✅' : '▫️'} ${statusLabel(ctx, type, status)}`,
      callback_data: callbackData({ kind: 'settings-toggle', restaurant: restaurant.id, type, status }),
    }));
    for (let i = 0; i < toggles.length; i += 2) keyboard.push(toggles.slice(i, i + 2));
  }
  const last: InlineKeyboardButton[] = [];
  if (many)
    last.push({
      text: ctx.t('bot.notifications.back'),
      callback_data: callbackData({ kind: 'settings-list' }),
    });
  last.push({
    text: ctx.t('bot.notifications.done'),
    callback_data: callbackData({ kind: 'settings-done' }),
  });
  keyboard.push(last);
  return { text: lines.join('\n'), keyboard };
}

type SettingsAction = Extract<
  CallbackAction,
  { kind: 'settings-list' | 'settings-restaurant' | 'settings-toggle' | 'settings-done' | 'noop' }
>;
const isSettingsAction = (action: CallbackAction): action is SettingsAction =>
  ['settings-list', 'settings-restaurant', 'settings-toggle', 'settings-done', 'noop'].includes(action.kind);

/** Edits the menu message; an edit that changes nothing (a double tap) is not an error. */
async function edit(ctx: BotContext, text: string, keyboard: InlineKeyboardButton[][] | null) {
  try {
    await ctx.editMessageText(text, {
      parse_mode: 'HTML',
      ...(keyboard ? { reply_markup: { inline_keyboard: keyboard } } : {}),
    });
  } catch (error) {
    if (error instanceof GrammyError && error.description.includes('message is not modified')) return;
    throw error;
  }
}

notificationsFeature.chatType('private').command('notifications', async (ctx) => {
  const staff = await findStaffByTelegram(ctx.deps.db, ctx.from.id);
  if (!staff) return ctx.reply(ctx.t('bot.notLinked'));
  const restaurants = await restaurantsOf(ctx.deps.db, staff);
  const [only] = restaurants;
  if (!only) return ctx.reply(ctx.t('bot.notifications.noRestaurants'));
  const menu =
    restaurants.length === 1 ? await restaurantMenu(ctx, staff, only, false) : listMenu(ctx, restaurants);
  return ctx.reply(menu.text, { parse_mode: 'HTML', reply_markup: { inline_keyboard: menu.keyboard } });
});

notificationsFeature.on('callback_query:data', async (ctx, next) => {
  const action = parseCallbackData(ctx.callbackQuery.data);
  if (!action || !isSettingsAction(action)) return next();
  if (action.kind === 'noop') return ctx.answerCallbackQuery();
  const staff = await findStaffByTelegram(ctx.deps.db, ctx.from.id);
  if (!staff) return ctx.answerCallbackQuery({ text: ctx.t('bot.notLinked'), show_alert: true });
  const restaurants = await restaurantsOf(ctx.deps.db, staff);

  if (action.kind === 'settings-list') {
    const menu = listMenu(ctx, restaurants);
    await edit(ctx, menu.text, menu.keyboard);
    return ctx.answerCallbackQuery();
  }
  if (action.kind === 'settings-done') {
    await edit(ctx, ctx.t('bot.notifications.closed'), null);
    return ctx.answerCallbackQuery();
  }

  // The same rule as the API: only a restaurant one works in (a superuser: any).
  const restaurant = restaurants.find((r) => r.id === action.restaurant);
  if (!restaurant) {
    return ctx.answerCallbackQuery({ text: ctx.t('bot.notifications.unavailable'), show_alert: true });
  }
  let answer: string | undefined;
  if (action.kind === 'settings-toggle') {
    const statuses = await toggleNotificationStatus(
      ctx.deps.db,
      staff.id,
      restaurant.id,
      action.type,
      action.status,
    );
    answer = ctx.t(statuses.includes(action.status) ? 'bot.notifications.on' : 'bot.notifications.off');
  }
  const menu = await restaurantMenu(ctx, staff, restaurant, restaurants.length > 1);
  await edit(ctx, menu.text, menu.keyboard);
  return ctx.answerCallbackQuery(answer ? { text: answer } : undefined);
});
