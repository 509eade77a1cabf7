export const list = {
  empty: 'Ничего не найдено',
} as const;
