export const queue = {
  transitionRefused: 'Так изменить статус гостя нельзя',
  changedElsewhere: 'Гостя уже изменили на другом устройстве. Обновите список',
  tableTaken: 'Этот стол уже занят',
  /** The same refusal naming who sits there (the first of them) and since when. */
  tableTakenBy: 'Этот стол уже занят: стол {{table}} — {{name}}, с {{time}}',
} as const;
