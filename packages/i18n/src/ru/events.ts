export const events = {
  birthday: 'День рождения',
  date: 'Свидание',
  business: 'Деловая встреча',
  drink: 'Хочу выпить',
  eat: 'Хочу поесть',
} as const;
