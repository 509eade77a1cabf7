/** Actions a hostess took without a network: kept on the tablet and sent when it is back. */
export const offline = {
  kept: 'Нет сети. Действие выполнится, когда связь вернется',
  waiting_one: 'Ждет связи {{count}} действие',
  waiting_few: 'Ждут связи {{count}} действия',
  waiting_many: 'Ждут связи {{count}} действий',
  waiting_other: 'Ждут связи {{count}} действия',
  rowWaiting: 'ждет связи',
  conflictsTitle: 'После восстановления связи не выполнено',
  conflictFallback: 'Сервер отказал',
  dismiss: 'Понятно',
  walkIn: 'Новый гость',
  label: '{{action}} · №{{number}} {{name}}',
} as const;
