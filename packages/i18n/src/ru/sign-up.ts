export const signUp = {
  firstName: 'Имя',
  lastName: 'Фамилия',
  rePassword: 'Повторите пароль',
  passwordHint: 'Не менее 8 символов',
  submit: 'Зарегистрироваться',
  haveAccount: 'Уже есть аккаунт?',
  signIn: 'Войти',
} as const;
