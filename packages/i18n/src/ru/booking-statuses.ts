export const bookingStatuses = {
  new: 'Ожидает подтверждения',
  application: 'Ожидаем',
  late: 'Опаздывают',
  declined: 'Отклонен',
  cancelled: 'Отменен',
  cancelled_without_deposit: 'Отменен, не внес депозит',
  closed: 'Завершено',
  open: 'В зале',
  overstaying: 'Пересиживает',
  waiting: 'Пришли',
  waiting_list: 'Лист ожидания',
} as const;
