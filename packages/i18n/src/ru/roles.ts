export const roles = {
  admin: 'Управляющий',
  manager: 'Хостес',
  superuser: 'Суперпользователь',
} as const;
