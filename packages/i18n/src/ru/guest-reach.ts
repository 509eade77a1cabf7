/**
 * How a guest was reached (issue #32): the hostess's mark on a row and a booking, the guest card's
 * list of messages, and what the API answers a guest's page or notification.
 */
export const guestReach = {
  /** A guest answers 'Иду' before they were called, or after the visit ended. */
  notCalled: 'Тебя ещё не позвали — мы напишем, когда столик будет готов',
  finished: 'Эта запись уже закрыта',
  channel: { telegram: 'Telegram', push: 'Push', sms: 'SMS' },
  state: {
    sending: 'отправляем',
    sent: 'отправлено',
    delivered: 'доставлено',
    seen: 'открыл страницу',
    coming: 'ответил «Иду»',
    not_coming: 'ответил «Не приду»',
    unreached: 'не дозвались',
  },
  /** A row's short mark, as messengers tick a message: 'SMS ✓✓'. */
  stateShort: {
    sending: '…',
    sent: '✓',
    delivered: '✓✓',
    seen: '✓✓ открыл',
    coming: 'Иду',
    not_coming: 'Не придет',
    unreached: '✕',
  },
  /** The time is left to the row's own 'since called' and to the full words. */
  channelShort: { telegram: 'TG', push: 'Push', sms: 'SMS' },
  markShort: '{{channel}} {{state}}',
  markShortNoChannel: '{{state}}',
  /** The full mark: 'SMS · доставлено · 19:42'. */
  mark: '{{channel}} · {{state}} · {{time}}',
  markNoChannel: '{{state}} · {{time}}',
  /** The guest card's list. */
  logTitle: 'Сообщения гостю',
  logEmpty: 'Гостю ещё ничего не отправляли',
  kind: {
    called: 'Столик готов',
    booking_confirmed: 'Бронь подтверждена',
    booking_cancelled: 'Бронь отменена',
  },
  attempt: {
    pending: 'отправляем',
    sent: 'отправлено в {{time}}',
    delivered: 'доставлено в {{time}}',
    failed: 'не доставлено',
    skipped: 'пропущено',
  },
  reason: {
    no_chat: 'гость не из Telegram',
    no_subscription: 'гость не включил уведомления',
    no_phone: 'нет телефона',
    sms_budget: 'лимит SMS на месяц исчерпан',
    sms_off: 'SMS не подключены',
    deadline: 'не ушло вовремя',
  },
} as const;
