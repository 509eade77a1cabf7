/** /telegram for a restaurant's admins: the bot's messages that could not be delivered. */
export const telegramFailures = {
  title: 'Недоставленные сообщения',
  intro: 'Сообщения бота, которые не удалось доставить после всех попыток. Список хранится 90 дней.',
  empty: 'Все сообщения доставлены',
  found: 'Не доставлено: {{count}}',
  about: {
    queue: 'Очередь: {{status}}',
    booking: 'Бронь: {{status}}',
    guest: 'Гостю: {{status}}',
  },
  guestStatuses: {
    called: 'столик готов',
    booking_confirmed: 'бронь подтверждена',
    booking_cancelled: 'бронь отменена',
  },
  guestName: 'Гость: {{name}}',
  toStaff: 'Кому: {{name}}',
  toStaffUnnamed: 'Кому: сотруднику, чат {{chat}}',
  toGuest: 'Кому: гостю в телеграм, чат {{chat}}',
  when: 'Не доставлено {{when}}',
  why: {
    blocked: 'Получатель заблокировал бота или ни разу его не запускал',
    chatNotFound: 'Чат не найден: его удалили или сменили аккаунт',
    rejected: 'Телеграм отклонил сообщение',
    rateLimited: 'Телеграм слишком долго не давал отправить сообщение',
    tries_one: 'Телеграм не принял сообщение после {{count}} попытки',
    tries_few: 'Телеграм не принял сообщение после {{count}} попыток',
    tries_many: 'Телеграм не принял сообщение после {{count}} попыток',
    tries_other: 'Телеграм не принял сообщение после {{count}} попытки',
  },
  details: 'Ответ телеграм: {{error}}',
  more: 'Показать еще',
} as const;
