export const queue = {
  transitionRefused: 'Так изменить статус гостя нельзя',
  changedElsewhere: 'Гостя уже изменили на другом устройстве. Обновите список',
  tableTaken: 'Этот стол уже занят',
} as const;
