import { FieldValidationError, HttpError } from '../../shared/http-errors';
import { checkTelegramInitData } from '../users/telegram-signin.service';

/**
 * A guest may keep the form open a long while before sending it (reading the menu, waiting for
 * friends), so their init data may be older than a staff sign-in's; a day still keeps a leaked
 * one from being replayed for long.
 */
export const GUEST_INIT_DATA_MAX_AGE_S = 24 * 60 * 60;

/** Who to write to about a guest's entry or booking, and how they came. */
export type GuestChannel = { source: 'telegram'; chatId: number } | { source: 'guest_form'; chatId: null };

/**
 * The chat of a guest form sent from inside Telegram: the `init_data` field, checked as
 * /api/signin/telegram/ checks it (@tma.js/init-data-node, the bot token), gives the Telegram
 * user, and a private chat with the bot has the user's id. Forged or too old: a field error of
 * `init_data` (400; not the sign-in's 401, which the client takes for an ended staff session),
 * before anything is stored. Without a bot nobody could write to the guest: the field is ignored.
 */
export function createGuestChannel(botToken: string | undefined) {
  return function guestChannel(initData: string | undefined): GuestChannel {
    if (initData === undefined || !botToken) return { source: 'guest_form', chatId: null };
    try {
      const user = checkTelegramInitData(initData, botToken, GUEST_INIT_DATA_MAX_AGE_S);
      return { source: 'telegram', chatId: user.id };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) {
        throw new FieldValidationError({ init_data: [error.messageKey] });
      }
      throw error;
    }
  };
}
export type GuestChannelOf = ReturnType<typeof createGuestChannel>;
