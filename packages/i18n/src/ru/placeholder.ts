export const placeholder = {
  redirect: 'Перенаправляем…',
  settings: 'Выберите раздел настроек.',
} as const;
