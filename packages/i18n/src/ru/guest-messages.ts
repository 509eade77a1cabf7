/**
 * Guest messages on every channel (issue #32): the Web Push button of the guest's status pages,
 * the API's refusals of a subscription, and the answers a notification offers. Guests are spoken
 * to informally (UX.md).
 */
export const guestMessages = {
  /** The buttons of a notification (the service worker takes them from the payload). */
  answers: {
    coming: 'Иду',
    not_coming: 'Не приду',
  },
  push: {
    /** The queue status page. */
    offerQueue: 'Сообщить мне, когда позовут',
    onQueue: 'Пришлем уведомление, когда позовут',
    /** The booking status page. */
    offerBooking: 'Сообщить мне об ответе ресторана',
    onBooking: 'Пришлем уведомление, когда ресторан ответит',
    turningOn: 'Включаем…',
    turnOff: 'Отключить уведомления',
    turnedOff: 'Уведомления отключены',
    denied: 'Браузер не разрешил уведомления. Их можно включить в настройках сайта',
    unsupported: 'Этот браузер не умеет присылать уведомления',
    unsupportedIos:
      'На iPhone и iPad уведомления приходят, только если добавить эту страницу на экран «Домой» и открыть оттуда',
    failed: 'Не удалось включить уведомления. Попробуй еще раз',
    /** Field errors of a subscription the API refuses (nothing is stored). */
    badEndpoint: 'Этот адрес уведомлений не поддерживается',
    badKey: 'Ключ подписки на уведомления поврежден',
    /** 409: the entry or booking is over; nothing is left to announce. */
    queueFinished: 'Ты уже не в очереди: уведомления не нужны',
    bookingFinished: 'Бронь уже завершена или отменена: уведомления не нужны',
  },
} as const;
