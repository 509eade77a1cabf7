export const logout = {
  confirm: 'Вы уверены, что хотите выйти?',
  yes: 'Выйти',
  no: 'Остаться',
} as const;
