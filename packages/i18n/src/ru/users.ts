export const users = {
  emailTaken: 'Пользователь с такой почтой уже существует',
  cannotChangeOwnRole: 'Нельзя изменить собственную роль',
  cannotDeactivateSelf: 'Нельзя отключить самого себя',
  cannotRemoveSelf: 'Нельзя убрать из ресторана самого себя',
} as const;
