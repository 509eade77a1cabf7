import type { InlineKeyboardMarkup, Update } from 'grammy/types';

/** A Telegram user writing to the bot in a private chat (the chat id is the user id). */
export interface TelegramPerson {
  id: number;
  first_name: string;
  username?: string;
}

export const ANNA: TelegramPerson = { id: 42, first_name: 'Анна', username: 'anna_host' };

let nextId = 1;

/** A private message, with the bot_command entity Telegram adds to a leading /command. */
export function privateMessage(text: string, from: TelegramPerson = ANNA): Update {
  const id = nextId++;
  const command = text.startsWith('/') ? (text.split(' ')[0] ?? '') : '';
  return {
    update_id: id,
    message: {
      message_id: id,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: 'private', first_name: from.first_name },
      from: { is_bot: false, ...from },
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] } : {}),
    },
  };
}

/** A tap on an inline button of a message the bot sent to this person. */
export function buttonTap(
  data: string,
  from: TelegramPerson = ANNA,
  message: { message_id?: number; text?: string; reply_markup?: InlineKeyboardMarkup } = {},
): Update {
  const id = nextId++;
  return {
    update_id: id,
    callback_query: {
      id: String(id),
      chat_instance: '1',
      from: { is_bot: false, ...from },
      data,
      message: {
        message_id: message.message_id ?? 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: from.id, type: 'private', first_name: from.first_name },
        text: message.text ?? '',
        ...(message.reply_markup ? { reply_markup: message.reply_markup } : {}),
      },
    },
  };
}
