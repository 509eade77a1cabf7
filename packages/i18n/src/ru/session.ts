export const session = {
  noRestaurants: 'Вас еще не добавили ни в один ресторан. Попросите у управляющего приглашение.',
} as const;
