export const api = {
  healthOk: 'ok',
  databaseDown: 'База данных недоступна',
} as const;
