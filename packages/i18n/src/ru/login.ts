export const login = {
  email: 'Почта',
  password: 'Пароль',
  submit: 'Войти',
  submitting: 'Входим…',
  noAccount: 'Нет аккаунта?',
  signUp: 'Зарегистрироваться',
  expired: 'Сессия истекла. Войдите снова',
  telegramTitle: 'Вход через Telegram не удался',
  orPassword: 'Войдите по почте и паролю:',
} as const;
