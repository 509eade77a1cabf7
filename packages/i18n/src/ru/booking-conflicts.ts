/** Where a booking and the live queue meet (a table held by a booking now), and a date range out of order. */
export const bookingConflicts = {
  tableBookedNow: 'Стол {{tables}} сейчас занят по брони. Посадите гостей за другой стол',
  endBeforeStart: 'Дата окончания не может быть раньше даты начала',
} as const;
