export const fontSize = {
  label: 'Размер шрифта',
  smaller: 'Уменьшить шрифт',
  larger: 'Увеличить шрифт',
  reset: 'Как обычно ({{size}})',
} as const;
