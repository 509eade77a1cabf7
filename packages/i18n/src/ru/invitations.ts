export const invitations = {
  invalid: 'Приглашение не найдено, уже использовано или устарело',
  emailMismatch: 'Приглашение выписано на другую почту',
} as const;
