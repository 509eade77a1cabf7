/**
 * The spec's source enumeration (§3), in its own words: what an older system recorded for a queue
 * entry, read off our entry by legacySourceOf (@stolik/domain). The spec gives no Russian word for
 * Closed and Fake: Closed is the queue's own 'Завершен' (§4), Fake the hostesses' 'Фейк'.
 */
export const queueSources = {
  title: 'Источник',
  /** The queue's filter by these words, set to none of them. */
  all: 'Все источники',
  /** An entry's changes, each with the word for the entry after it (GET /api/reservation/{id}/history/). */
  history: 'История',
  historyFailed: 'Не удалось загрузить историю',
  Reserve: 'Резерв',
  Reserve_Hostme: 'Резерв Hostme',
  Live: 'Живая очередь',
  Cancelled: 'Отмена',
  Sat: 'Занял место',
  Closed: 'Завершен',
  Called: 'Вызвана',
  Joined: 'С нами',
  Fake: 'Фейк',
} as const;
