/** What the API says of a request it cannot even read: too big, not JSON, a broken address. */
export const requests = {
  bodyTooLarge: 'Слишком большой запрос: не больше {{kib}} КБ',
  invalidJson: 'Не удалось прочитать запрос: тело должно быть корректным JSON',
  emptyJson: 'Пустое тело запроса',
  notUtf8: 'Не удалось прочитать запрос: текст должен быть в кодировке UTF-8',
  badCharacter: 'Недопустимый символ в тексте',
  badUrl: 'Некорректный адрес запроса',
  urlTooLong: 'Слишком длинный адрес запроса',
} as const;
