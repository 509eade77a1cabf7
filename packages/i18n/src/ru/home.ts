export const home = {
  title: 'Ваши рестораны',
  hint: 'Выберите ресторан, чтобы открыть живую очередь.',
  tables: 'Столов: {{count}}',
  timezone: 'Часовой пояс: {{timezone}}',
  bookingsOn: 'Бронирование включено',
} as const;
