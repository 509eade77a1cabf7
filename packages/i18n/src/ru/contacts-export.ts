/** The .xlsx export of guest contacts: column headers. */
export const contactsExport = {
  sheet: 'Гости',
  date: 'Дата',
  time: 'Время',
  name: 'Имя',
  phone: 'Телефон',
  guests: 'Гостей',
  status: 'Статус',
  comment: 'Комментарий',
  source: 'Источник',
  sources: { staff: 'Сотрудник', guest_form: 'Форма гостя', telegram: 'Telegram' },
} as const;
