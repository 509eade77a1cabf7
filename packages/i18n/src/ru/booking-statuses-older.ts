/**
 * The older label set of bookings (spec §4): the words an earlier system used, by status of ours
 * (olderBookingLabel in @stolik/domain). Shown beside the current labels where a manager compares
 * with that system's reports: the analytics export's bookings by status.
 */
export const bookingStatusesOlder = {
  title: 'В прежней системе',
  new: 'Новая',
  application: 'Заявка',
  waiting: 'Ожидает',
  open: 'Открыт',
  closed: 'Закрыт',
  cancelled: 'Отменен',
  declined: 'Отклоненная заявка',
  waiting_list: 'В списке ожидания',
} as const;
