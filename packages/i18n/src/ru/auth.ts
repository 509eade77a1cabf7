export const auth = {
  notAuthenticated: 'Учетные данные не были предоставлены',
  tokenNotValid: 'Сессия истекла. Войдите снова',
  invalidCredentials: 'Неверная почта или пароль',
  telegramInvalid: 'Не удалось проверить данные Telegram',
  telegramExpired: 'Данные Telegram устарели. Откройте приложение заново',
  telegramNotConfigured: 'Вход через Telegram не настроен',
  telegramUnavailable: 'Телеграм сейчас недоступен, попробуйте позже',
  telegramNotLinked:
    'Этот Telegram не привязан к сотруднику. Войдите по почте и паролю и привяжите Telegram в профиле или попросите у управляющего приглашение.',
  telegramTaken: 'Этот Telegram уже привязан к другому сотруднику',
  telegramLinkInvalid: 'Ссылка для привязки устарела или уже использована',
  telegramOnlySignIn: 'Вы входите в аккаунт только через этот Telegram, поэтому отключить его нельзя',
} as const;
