import { createServerI18n } from '@stolik/i18n';
import { describe, expect, it } from 'vitest';
import { type NotificationFacts, renderNotification } from './notification-messages';

const i18n = createServerI18n();
const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params ?? {});

const base: NotificationFacts = {
  type: 'booking',
  status: 'new',
  entityId: 55,
  payload: {
    name: 'Ольга "О\'Нил" <script>',
    group_size: 5,
    seating_time: '2026-06-12T16:30:00.000Z',
    table: 3,
  },
  restaurantId: 2,
  restaurantName: 'Бар & Гриль',
  timezone: 'Europe/Moscow',
  tableNumber: '12<a>',
};

describe('notification messages', () => {
  it('tells staff of a new booking in the restaurant’s time, escaped, with confirm, decline and open', () => {
    const message = renderNotification(base, t, 'https://stolik.test');
    expect(message?.text).toBe(
      '<b>Новая заявка на бронь</b> · Бар &amp; Гриль\n' +
        "12.06 в 19:30 · Ольга &quot;О'Нил&quot; &lt;script&gt; · 5 гостей · стол 12&lt;a&gt;",
    );
    expect(message?.keyboard).toEqual([
      [
        { text: 'Подтвердить', callback_data: 'b:a:55' },
        { text: 'Отклонить', callback_data: 'b:d:55' },
      ],
      [{ text: 'Открыть бронь', web_app: { url: 'https://stolik.test/telegram/restaurant/2/booking/55' } }],
    ]);
  });

  it('offers only the link once the booking is past the decision, and a plain link over http', () => {
    const message = renderNotification({ ...base, status: 'open' }, t, 'http://stolik.lan');
    expect(message?.text.split('\n')[0]).toBe('<b>Гости в зале</b> · Бар &amp; Гриль');
    expect(message?.keyboard).toEqual([
      [{ text: 'Открыть бронь', url: 'http://stolik.lan/telegram/restaurant/2/booking/55' }],
    ]);
  });

  it('counts guests in Russian plural and names a guest who gave no name', () => {
    const one = renderNotification(
      { ...base, type: 'queue', status: 'sat', payload: { number: 4, group_size: 1, name: '  ' } },
      t,
      undefined,
    );
    expect(one?.text).toBe('<b>Гость сел за стол</b> · Бар &amp; Гриль\n№4 · без имени · 1 гость');
    expect(one?.keyboard).toEqual([]);
  });

  it('tells a guest their booking is confirmed, with their page and the answers they can give', () => {
    const message = renderNotification(
      { ...base, type: 'guest', status: 'booking_confirmed', payload: { ...base.payload, token: 'tok/1' } },
      t,
      'https://stolik.test',
    );
    expect(message?.text).toBe('Бронирование подтверждено: «Бар &amp; Гриль», 12.06 в 19:30, 5 гостей.');
    expect(message?.keyboard).toEqual([
      [
        { text: 'Приду', callback_data: 'g:b:y:55' },
        { text: 'Отменить бронь', callback_data: 'g:b:n:55' },
      ],
      [{ text: 'Моя бронь', web_app: { url: 'https://stolik.test/guest/booking/tok%2F1' } }],
    ]);
  });

  it('opens the booking card by the Mini App’s startapp link when its short name is known', () => {
    const app = { botUsername: 'stolik_bot', shortName: 'app' };
    const message = renderNotification(base, t, 'https://stolik.test', app);
    expect(message?.keyboard.at(-1)).toEqual([
      { text: 'Открыть бронь', url: 'https://t.me/stolik_bot/app?startapp=b_2_55' },
    ]);
    // The queue screen has no start parameter: its page, as before.
    const queue = renderNotification(
      { ...base, type: 'queue', status: 'live', payload: { number: 4, group_size: 2, name: 'Ия' } },
      t,
      'https://stolik.test',
      app,
    );
    expect(queue?.keyboard.at(-1)).toEqual([
      { text: 'Открыть очередь', web_app: { url: 'https://stolik.test/restaurant/2' } },
    ]);
  });

  it('tells a guest their table is ready, with coming and not coming', () => {
    const message = renderNotification(
      { ...base, type: 'guest', status: 'called', entityId: 9, payload: { number: 17 } },
      t,
      'https://stolik.test',
    );
    expect(message?.text).toBe('Ваш столик готов! Подходите к хостес «Бар &amp; Гриль», ваш номер — №17.');
    expect(message?.keyboard).toEqual([
      [
        { text: 'Иду', callback_data: 'g:q:y:9' },
        { text: 'Не приду', callback_data: 'g:q:n:9' },
      ],
    ]);
  });

  it('tells a guest their request was declined or cancelled, and offers another time', () => {
    const message = renderNotification(
      { ...base, type: 'guest', status: 'booking_cancelled' },
      t,
      undefined,
      {
        botUsername: 'stolik_bot',
        shortName: 'app',
      },
    );
    expect(message?.text).toBe('Бронирование отменено: «Бар &amp; Гриль», 12.06 в 19:30.');
    expect(message?.keyboard).toEqual([
      [{ text: 'Забронировать снова', url: 'https://t.me/stolik_bot/app?startapp=booking_2' }],
    ]);
  });

  it('has nothing to say about a type or status nobody is told of', () => {
    expect(renderNotification({ ...base, status: 'closed' }, t, undefined)).toBeNull();
    expect(renderNotification({ ...base, type: 'order' }, t, undefined)).toBeNull();
  });
});
