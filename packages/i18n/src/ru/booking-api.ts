/** What the booking API answers (409s and field errors). */
export const bookingApi = {
  conflict: 'Этот стол уже забронирован на это время',
  noTable: 'На это время нет подходящего свободного стола',
  slotUnavailable: 'Это время уже занято. Выберите другое',
  transitionRefused: 'Так изменить статус брони нельзя',
  changedElsewhere: 'Бронь уже изменили на другом устройстве. Обновите страницу',
  tableTooSmall: 'Стол не подходит для такого числа гостей',
  outsideHours: 'Ресторан в это время не работает',
  bookingsOff: 'Ресторан не принимает бронирования',
  duplicate: 'Такая заявка уже отправлена',
  alreadyRequested: 'У тебя уже есть заявка на это время',
} as const;
