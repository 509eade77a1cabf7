export const placeholder = {
  redirect: 'Перенаправляем…',
} as const;
