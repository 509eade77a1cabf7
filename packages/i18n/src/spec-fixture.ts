/**
 * Every Russian string and every constant of the product specification, section by section, with
 * where the product keeps it: a key of the i18n resources (ru/*.ts) or a constant of @stolik/domain.
 * spec-fixture.test.ts finds each one there and fails naming the missing one. Nothing here may be
 * changed to make that test pass: where the product words a thing differently on purpose (the spec
 * gives only an English name, or a fragment of a longer message), `note` says why.
 *
 * Not here, on purpose: §7 (endpoints, no words or constants), and §8's transport messages 'Error'
 * and 'Network Error', which are the API client's (apps/miniapp/src/shared/api/transport.ts, whose
 * test checks them) and never shown to a person.
 */

/** A Russian text of the spec and the i18n key that holds it. */
export interface SpecText {
  section: string;
  text: string;
  key: string;
  /** 'part': the key's message is longer and holds the text (a count or a value follows it). */
  match?: 'exact' | 'part';
  note?: string;
}

/** A constant of the spec and the @stolik/domain export (a dotted path into it) that holds it. */
export interface SpecConstant {
  section: string;
  constant: string;
  /** The value itself, or, for an enumeration, one value it must contain. */
  value?: number | string;
  member?: string;
  note?: string;
}

export const SPEC_TEXTS: SpecText[] = [
  // §1 What the product does
  { section: '§1', text: 'Сообщим, когда столик освободится', key: 'guest.success' },
  { section: '§1', text: 'Оставь заявку на бронь', key: 'guestBooking.requestTitle' },
  { section: '§1', text: 'Забронировать', key: 'guestBooking.screenTitle' },
  { section: '§1', text: 'Сегодня', key: 'guestBooking.today' },
  {
    section: '§1',
    text: '1 час',
    key: 'guest.waitHour',
    note: "The spec writes the wait's other form in English ('1 hour'); the interface is Russian only (§1).",
  },
  {
    section: '§1',
    text: 'День рождения',
    key: 'events.birthday',
    note: 'Special events are named in English in the spec (birthday, date, business meeting, want to drink, want to eat): these are their Russian words.',
  },
  { section: '§1', text: 'Свидание', key: 'events.date', note: "The spec's 'date (romantic)'." },
  { section: '§1', text: 'Деловая встреча', key: 'events.business', note: "The spec's 'business meeting'." },
  { section: '§1', text: 'Хочу выпить', key: 'events.drink', note: "The spec's 'want to drink'." },
  { section: '§1', text: 'Хочу поесть', key: 'events.eat', note: "The spec's 'want to eat'." },
  { section: '§1', text: '₽', key: 'app.currency', note: "The spec's 'currency symbol: ruble'." },

  // §2 Screens and routes: page titles
  { section: '§2', text: 'Главная', key: 'pages.home' },
  { section: '§2', text: 'Авторизация', key: 'pages.login' },
  { section: '§2', text: 'Приглашение', key: 'pages.invite' },
  { section: '§2', text: 'Установка приложения', key: 'pages.appInstall' },
  { section: '§2', text: 'Регистрация', key: 'pages.signUp' },
  { section: '§2', text: 'Настройки телеграм', key: 'pages.telegram' },
  { section: '§2', text: 'Живая Очередь', key: 'pages.queue' },
  { section: '§2', text: 'Заказы', key: 'pages.orders' },
  { section: '§2', text: 'Зоны', key: 'pages.zone' },
  { section: '§2', text: 'Карта', key: 'pages.scheme' },
  { section: '§2', text: 'Аналитика', key: 'pages.analytics' },
  { section: '§2', text: 'Бронирование', key: 'pages.booking' },
  { section: '§2', text: 'Настройки', key: 'pages.settings' },
  { section: '§2', text: 'Зоны', key: 'pages.settingsZones' },
  { section: '§2', text: 'Редактор схемы ресторана', key: 'pages.settingsScheme' },
  // §2 Shell elements
  { section: '§2', text: 'Вы уверены, что хотите выйти?', key: 'logout.confirm' },
  { section: '§2', text: 'Выйти', key: 'logout.yes' },
  { section: '§2', text: 'Остаться', key: 'logout.no' },
  {
    section: '§2',
    text: 'Очередь',
    key: 'nav.queue',
    note: "The mobile bottom bar's items are named in English in the spec (Queue, Bookings, List, Map, Settings).",
  },
  { section: '§2', text: 'Брони', key: 'nav.bookings', note: "The bottom bar's 'Bookings'." },
  { section: '§2', text: 'Список', key: 'nav.list', note: "The bottom bar's 'List'." },
  { section: '§2', text: 'Карта', key: 'nav.map', note: "The bottom bar's 'Map'." },
  { section: '§2', text: 'Настройки', key: 'nav.settings', note: "The bottom bar's 'Settings'." },
  { section: '§2', text: 'У вас еще не подключен телеграм', key: 'errors.noTelegram' },
  { section: '§2', text: 'Ничего не найдено', key: 'list.empty' },
  { section: '§2', text: 'Ошибка загрузки информации о ресторане', key: 'errors.guestRestaurant' },
  { section: '§2', text: 'Попробуйте перезагрузить страницу', key: 'errors.guestRestaurantHint' },

  // §3 Entities: the source enumeration, in the older system's words (legacy-source.ts)
  { section: '§3', text: 'Резерв', key: 'queueSources.Reserve' },
  { section: '§3', text: 'Резерв Hostme', key: 'queueSources.Reserve_Hostme' },
  { section: '§3', text: 'Живая очередь', key: 'queueSources.Live' },
  { section: '§3', text: 'Отмена', key: 'queueSources.Cancelled' },
  { section: '§3', text: 'Занял место', key: 'queueSources.Sat' },
  {
    section: '§3',
    text: 'Завершен',
    key: 'queueSources.Closed',
    note: "The spec gives Closed no Russian word in the enumeration: it is the queue's own 'Завершен' (§4, closed).",
  },
  { section: '§3', text: 'Вызвана', key: 'queueSources.Called' },
  { section: '§3', text: 'С нами', key: 'queueSources.Joined' },
  {
    section: '§3',
    text: 'Фейк',
    key: 'queueSources.Fake',
    note: 'The spec gives Fake no Russian word; the interface is Russian only (§1), so the word hostesses use for it.',
  },

  // §4 States: booking statuses and staff labels
  { section: '§4', text: 'Ожидает подтверждения', key: 'bookingStatuses.new' },
  { section: '§4', text: 'Ожидаем', key: 'bookingStatuses.application' },
  { section: '§4', text: 'Опаздывают', key: 'bookingStatuses.late' },
  { section: '§4', text: 'Отклонен', key: 'bookingStatuses.declined' },
  { section: '§4', text: 'Отменен', key: 'bookingStatuses.cancelled' },
  { section: '§4', text: 'Отменен, не внес депозит', key: 'bookingStatuses.cancelled_without_deposit' },
  { section: '§4', text: 'Завершено', key: 'bookingStatuses.closed' },
  { section: '§4', text: 'В зале', key: 'bookingStatuses.open' },
  { section: '§4', text: 'Пересиживает', key: 'bookingStatuses.overstaying' },
  { section: '§4', text: 'Пришли', key: 'bookingStatuses.waiting' },
  { section: '§4', text: 'Лист ожидания', key: 'bookingStatuses.waiting_list' },
  // §4 The older label set (olderBookingLabel of @stolik/domain)
  { section: '§4', text: 'Новая', key: 'bookingStatusesOlder.new' },
  { section: '§4', text: 'Заявка', key: 'bookingStatusesOlder.application' },
  { section: '§4', text: 'Ожидает', key: 'bookingStatusesOlder.waiting' },
  { section: '§4', text: 'Открыт', key: 'bookingStatusesOlder.open' },
  { section: '§4', text: 'Закрыт', key: 'bookingStatusesOlder.closed' },
  { section: '§4', text: 'Отменен', key: 'bookingStatusesOlder.cancelled' },
  { section: '§4', text: 'Отклоненная заявка', key: 'bookingStatusesOlder.declined' },
  { section: '§4', text: 'В списке ожидания', key: 'bookingStatusesOlder.waiting_list' },
  // §4 Guest booking outcomes
  { section: '§4', text: 'Ожидайте подтверждение от ресторана', key: 'guestBooking.outcomes.pending' },
  { section: '§4', text: 'Бронирование подтверждено', key: 'guestBooking.outcomes.confirmed' },
  { section: '§4', text: 'Бронирование отменено', key: 'guestBooking.outcomes.cancelled' },
  // §4 Queue statuses
  { section: '§4', text: 'Ожидает', key: 'liveQueue.statuses.live' },
  { section: '§4', text: 'Вызван', key: 'liveQueue.statuses.called' },
  { section: '§4', text: 'Пришел', key: 'liveQueue.statuses.joined' },
  { section: '§4', text: 'Завершен', key: 'liveQueue.statuses.closed' },
  { section: '§4', text: 'Ты уже в очереди', key: 'errors.alreadyQueued' },

  // §5 Validation messages
  { section: '§5', text: 'Заполните поле', key: 'validation.required' },
  { section: '§5', text: 'Обязательно', key: 'validation.requiredTrue' },
  { section: '§5', text: 'Введите корректный адрес электронной почты', key: 'validation.email' },
  { section: '§5', text: 'Введенные пароли не совпадают', key: 'validation.compare' },
  { section: '§5', text: 'Пароль слишком простой', key: 'validation.commonPassword' },
  {
    section: '§5',
    text: 'Пароль должен содержать не менее',
    key: 'validation.minLength',
    match: 'part',
    note: 'The spec quotes the start; the message goes on with the bound ({{count}} символов).',
  },
  {
    section: '§5',
    text: 'Пароль должен содержать не более',
    key: 'validation.maxLength',
    match: 'part',
    note: 'The spec quotes the start; the message goes on with the bound.',
  },
  {
    section: '§5',
    text: 'Значение должно быть не меньше',
    key: 'validation.minValue',
    match: 'part',
    note: 'The spec quotes the start; the message goes on with the bound ({{min}}).',
  },
  {
    section: '§5',
    text: 'Значение должно быть не больше',
    key: 'validation.maxValue',
    match: 'part',
    note: 'The spec quotes the start; the message goes on with the bound ({{max}}).',
  },
  { section: '§5', text: 'Неверный пароль', key: 'validation.invalidPassword' },
  { section: '§5', text: 'Некорректный номер мобильного телефона', key: 'validation.phone' },
  { section: '§5', text: 'Неверный номер телефона', key: 'validation.phoneWrong' },
  { section: '§5', text: 'Укажите номер телефона', key: 'validation.phoneMissing' },

  // §6 Roles: the names people see ('Админ' and 'Менеджер' are wire values: constants below)
  { section: '§6', text: 'Управляющий', key: 'roles.admin' },
  { section: '§6', text: 'Хостес', key: 'roles.manager' },

  // §8 Error catalogue
  { section: '§8', text: 'Не удалось загрузить рестораны', key: 'errors.restaurants' },
  { section: '§8', text: 'Что-то пошло не так при инициализации приложения', key: 'errors.init' },
  { section: '§8', text: 'Попробуйте обновить страницу', key: 'errors.initHint' },
  { section: '§8', text: 'Не удалось загрузить информацию о ресторане', key: 'errors.restaurantInfo' },
  { section: '§8', text: 'Перезагрузи страницу', key: 'errors.tablesDenied' },
  { section: '§8', text: 'Не удалось загрузить столы', key: 'errors.tables' },
  { section: '§8', text: 'Не удалось загрузить группы столов', key: 'errors.tableGroups' },
  { section: '§8', text: 'Не удалось загрузить информацию', key: 'errors.loadInfo' },
  { section: '§8', text: 'Сохранено, можешь закрыть', key: 'errors.saved' },
  { section: '§8', text: 'Не удалось сохранить', key: 'errors.saveFailed' },
  { section: '§8', text: 'Попробуй еще раз', key: 'errors.tryAgain' },
  { section: '§8', text: 'Не удалось встать в очередь', key: 'errors.queueJoin' },
  { section: '§8', text: 'Ты уже в очереди', key: 'errors.alreadyQueued' },
];

export const SPEC_CONSTANTS: SpecConstant[] = [
  // §3 The source enumeration (its values' names)
  ...['Reserve', 'Reserve_Hostme', 'Live', 'Cancelled', 'Sat', 'Closed', 'Called', 'Joined', 'Fake'].map(
    (member): SpecConstant => ({ section: '§3', constant: 'LEGACY_SOURCES', member }),
  ),
  // §4 Booking and queue statuses
  ...[
    'new',
    'application',
    'declined',
    'cancelled',
    'cancelled_without_deposit',
    'closed',
    'open',
    'waiting',
  ].map((member): SpecConstant => ({ section: '§4', constant: 'BOOKING_STATUSES', member })),
  {
    section: '§4',
    constant: 'BOOKING_STATUSES',
    member: 'waiting_list',
    note: "The spec's 'waiting list', as a status value.",
  },
  ...['live', 'called', 'joined', 'sat', 'cancelled', 'closed', 'reserve'].map(
    (member): SpecConstant => ({ section: '§4', constant: 'QUEUE_STATUSES', member }),
  ),
  // §3 and §5: dates
  { section: '§5', constant: 'MIN_YEAR', value: 1900 },
  { section: '§5', constant: 'MAX_YEAR', value: 9999 },
  // §5 and §9: the global font size
  { section: '§9', constant: 'FONT_SIZE_MIN', value: 10 },
  { section: '§9', constant: 'FONT_SIZE_MAX', value: 24 },
  { section: '§9', constant: 'FONT_SIZE_DEFAULT', value: 16 },
  // §6 Role values on the wire
  { section: '§6', constant: 'ROLE_ADMIN', value: 'Админ' },
  { section: '§6', constant: 'ROLE_MANAGER', value: 'Менеджер' },
  // §9 Business constants and limits
  { section: '§9', constant: 'ALERT_AUTO_CLOSE_MS', value: 5000 },
  { section: '§9', constant: 'BREAKPOINT_MOBILE', value: 768 },
  { section: '§9', constant: 'BREAKPOINT_LANDSCAPE', value: 1024 },
  { section: '§9', constant: 'ICON_SIZES.small', value: 16 },
  { section: '§9', constant: 'ICON_SIZES.medium', value: 20 },
  { section: '§9', constant: 'ICON_SIZES.large', value: 24 },
  { section: '§9', constant: 'ICON_SIZES.extraLarge', value: 32 },
  { section: '§9', constant: 'ICON_SIZES.xxl', value: 52 },
  { section: '§9', constant: 'CHUNK_RELOAD_DELAY_MS', value: 1000 },
  { section: '§9', constant: 'FORECAST_PAGE', value: 1 },
  { section: '§9', constant: 'FORECAST_PAGE_SIZE', value: 10 },
  {
    section: '§9',
    constant: 'HALL_RETRY_STEP_MS',
    value: 1000,
    note: "'A delay of n seconds plus 1 second': the step of the n-th wait.",
  },
  { section: '§9', constant: 'HALL_LOAD_RETRIES', value: 10 },
  { section: '§9', constant: 'DROPDOWN_MAX_HEIGHT', value: 400 },
  { section: '§9', constant: 'DROPDOWN_MIN_HEIGHT', value: 80 },
  { section: '§9', constant: 'TEST_STAND_CLICKS', value: 10 },
  { section: '§9', constant: 'TELEGRAM_BRIDGE_LIMITS.popupTitle', value: 64 },
  { section: '§9', constant: 'TELEGRAM_BRIDGE_LIMITS.popupMessage', value: 256 },
  { section: '§9', constant: 'TELEGRAM_BRIDGE_LIMITS.popupButtons', value: 3 },
  { section: '§9', constant: 'TELEGRAM_BRIDGE_LIMITS.dataBytes', value: 4096 },
  { section: '§9', constant: 'TELEGRAM_BRIDGE_LIMITS.bottomButtonTextMin', value: 1 },
  { section: '§9', constant: 'TELEGRAM_BRIDGE_LIMITS.bottomButtonTextMax', value: 64 },
  { section: '§9', constant: 'TELEGRAM_BRIDGE_LIMITS.biometricReason', value: 128 },
];
