export const app = {
  name: 'Stolik',
  tagline: 'Живая очередь и бронирование столов',
  loading: 'Загрузка…',
  retry: 'Повторить',
  close: 'Закрыть',
  back: 'Назад',
  currency: '₽',
} as const;
