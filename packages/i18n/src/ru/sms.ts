/**
 * SMS to guests (issue #32) and the restaurant's settings of its guest messages. A text must fit
 * one SMS of 70 Cyrillic characters with its link: each kind has shorter forms that the API tries
 * in turn (apps/api/src/modules/guest-messages/sms/sms-text.ts); `{{name}}` is the restaurant's
 * name, shortened to fit, `{{link}}` the guest's status page.
 */
export const sms = {
  text: {
    called: {
      withName: '{{name}}: столик готов! {{link}}',
      plain: 'Ваш столик готов, подходите! {{link}}',
      short: 'Столик готов! {{link}}',
    },
    booking_confirmed: {
      withName: '{{name}}: бронь подтверждена {{link}}',
      plain: 'Бронь подтверждена, ждем вас {{link}}',
      short: 'Бронь подтверждена {{link}}',
    },
    booking_cancelled: {
      withName: '{{name}}: бронь отменена {{link}}',
      plain: 'Ваша бронь отменена {{link}}',
      short: 'Бронь отменена {{link}}',
    },
  },
  settings: {
    title: 'Сообщения гостям',
    ladder: 'Каналы по порядку',
    ladderHint: 'Если гость не ответил, сообщение уходит следующим каналом',
    channel: {
      telegram: 'Телеграм',
      push: 'Уведомление в браузере',
      sms: 'SMS',
    },
    moveUp: 'Выше: {{channel}}',
    moveDown: 'Ниже: {{channel}}',
    use: 'Использовать: {{channel}}',
    answerWait: 'Ждать ответа гостя, с',
    answerWaitHint: 'Столько секунд после сообщения, прежде чем пробовать следующий канал',
    budget: 'SMS в месяц, не больше',
    budgetHint: '0 — не отправлять SMS',
    used: 'В этом месяце отправлено SMS: {{count}}',
    notConfigured: 'SMS не подключены на сервере: этот канал пропускается',
    ladderEmpty: 'Выберите хотя бы один канал',
    ladderRepeats: 'Каждый канал — не больше одного раза',
  },
} as const;
