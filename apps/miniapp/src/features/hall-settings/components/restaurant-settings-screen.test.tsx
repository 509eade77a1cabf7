import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render';
import { hallApi } from '../test/hall-fixtures';
import { RestaurantSettingsScreen, RestaurantTagsScreen } from './restaurant-settings-screen';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const renderRestaurant = () =>
  renderAt(<RestaurantSettingsScreen />, {
    path: '/restaurant/:id/settings/restaurant',
    route: '/restaurant/1/settings/restaurant',
  });
const renderTags = () =>
  renderAt(<RestaurantTagsScreen />, {
    path: '/restaurant/:id/settings/restaurant/tags',
    route: '/restaurant/1/settings/restaurant/tags',
  });

describe('Settings → restaurant', () => {
  it('changes the name, finds and picks a time zone, switches the flags, and saves them', async () => {
    const api = hallApi(server);
    renderRestaurant();
    const name = await screen.findByLabelText('Название ресторана');
    expect((name as HTMLInputElement).value).toBe('Демо');
    const zone = screen.getByLabelText('Часовой пояс') as HTMLSelectElement;
    expect(zone.value).toBe('Europe/Moscow');

    await userEvent.clear(name);
    await userEvent.type(name, 'Демо на Неглинной');
    await userEvent.type(screen.getByLabelText('Найти часовой пояс'), 'samara');
    expect(screen.getByRole('status').textContent).toBe('Нашелся 1 пояс');
    expect(
      within(zone)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['Europe/Moscow', 'Europe/Samara']);
    await userEvent.selectOptions(zone, 'Europe/Samara');
    await userEvent.click(screen.getByLabelText('Скрыть заказы'));
    await userEvent.click(screen.getByLabelText('Бронирование столов'));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText('Сохранено')).toBeTruthy();
    expect(api.sent('PATCH')[0]?.body).toEqual({
      name: 'Демо на Неглинной',
      timezone: 'Europe/Samara',
      has_bookings: false,
      ui_content: { app: { hide_orders: true, hide_main_table: false } },
      quote_walk_minutes: 5,
      quote_grace_minutes: 10,
      guest_ladder: ['telegram', 'push', 'sms'],
      guest_answer_wait_seconds: 60,
      sms_monthly_budget: 300,
    });
  });

  it('orders the channels of guest messages, sets the time to answer and the SMS budget', async () => {
    const api = hallApi(server);
    server.use(
      http.get('*/api/restaurant/1/', () =>
        HttpResponse.json({
          ...api.hall.restaurant,
          guest_ladder: ['telegram', 'sms'],
          guest_answer_wait_seconds: 90,
          sms_monthly_budget: 500,
          sms_used_this_month: 42,
          sms_configured: false,
        }),
      ),
    );
    renderRestaurant();
    const list = await screen.findByRole('list', { name: 'Каналы по порядку' });
    // The ladder's channels first, in its order, then the unused one.
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual(['Использовать: Телеграм', 'Использовать: SMS', 'Использовать: Уведомление в браузере']);
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked),
    ).toEqual([true, true, false]);
    expect(screen.getByText('В этом месяце отправлено SMS: 42')).toBeTruthy();
    expect(screen.getByText('SMS не подключены на сервере: этот канал пропускается')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Выше: Телеграм' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Выше: SMS' }));
    await userEvent.click(screen.getByLabelText('Использовать: Уведомление в браузере'));
    const wait = screen.getByLabelText('Ждать ответа гостя, с');
    await userEvent.clear(wait);
    await userEvent.type(wait, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Значение должно быть не меньше 15')).toBeTruthy();
    expect(api.sent('PATCH')).toEqual([]);

    await userEvent.clear(wait);
    await userEvent.type(wait, '120');
    const budget = screen.getByLabelText('SMS в месяц, не больше');
    await userEvent.clear(budget);
    await userEvent.type(budget, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Сохранено')).toBeTruthy();
    expect(api.sent('PATCH')[0]?.body).toMatchObject({
      guest_ladder: ['sms', 'telegram', 'push'],
      guest_answer_wait_seconds: 120,
      sms_monthly_budget: 0,
    });
  });

  it('refuses a ladder without a channel before sending', async () => {
    const api = hallApi(server);
    renderRestaurant();
    for (const name of ['Телеграм', 'Уведомление в браузере', 'SMS'])
      await userEvent.click(await screen.findByLabelText(`Использовать: ${name}`));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Выберите хотя бы один канал')).toBeTruthy();
    expect(api.sent('PATCH')).toEqual([]);
  });

  it("sets the queue's walk from the door and the grace past the quote, and refuses minutes out of range", async () => {
    const api = hallApi(server);
    renderRestaurant();
    const walk = await screen.findByLabelText('Дорога от входа до стола, мин');
    const grace = screen.getByLabelText('Запас после обещанного ожидания, мин');
    expect([(walk as HTMLInputElement).value, (grace as HTMLInputElement).value]).toEqual(['5', '10']);

    await userEvent.clear(grace);
    await userEvent.type(grace, '99');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(/60/)).toBeTruthy();
    expect(api.sent('PATCH')).toEqual([]);

    await userEvent.clear(walk);
    await userEvent.type(walk, '3');
    await userEvent.clear(grace);
    await userEvent.type(grace, '15');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Сохранено')).toBeTruthy();
    expect(api.sent('PATCH')[0]?.body).toMatchObject({ quote_walk_minutes: 3, quote_grace_minutes: 15 });
  });

  it('asks for a name before sending, and shows the server refusing a time zone beside it', async () => {
    const api = hallApi(server);
    renderRestaurant();
    await userEvent.clear(await screen.findByLabelText('Название ресторана'));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByText('Заполните поле')).toBeTruthy();
    expect(api.sent('PATCH')).toEqual([]);

    server.use(
      http.patch('*/api/restaurant/1/', () =>
        HttpResponse.json({ timezone: ['Некорректное значение'] }, { status: 400 }),
      ),
    );
    await userEvent.type(screen.getByLabelText('Название ресторана'), 'Демо');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Некорректное значение')).toBeTruthy();
    expect(screen.getByLabelText('Часовой пояс').getAttribute('aria-invalid')).toBe('true');
  });

  it('says so when the restaurant cannot be loaded', async () => {
    hallApi(server);
    server.use(
      http.get('*/api/restaurant/1/', () => HttpResponse.json({ detail: 'Ошибка' }, { status: 500 })),
    );
    renderRestaurant();
    expect(await screen.findByText('Не удалось загрузить информацию о ресторане')).toBeTruthy();
  });
});

describe('Settings → restaurant → tags', () => {
  it('adds a tag and removes one, each saved at once', async () => {
    const api = hallApi(server);
    renderTags();
    const tags = await screen.findByRole('list', { name: 'Теги' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((t) => t.textContent),
    ).toEqual(['центр×']);

    await userEvent.type(screen.getByLabelText('Новый тег'), ' веранда ');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить тег' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Теги' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect((screen.getByLabelText('Новый тег') as HTMLInputElement).value).toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'Удалить тег «центр»' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Теги' }))
          .getAllByRole('listitem')
          .map((t) => t.textContent),
      ).toEqual(['веранда×']),
    );
    expect(api.sent('PATCH').map((c) => c.body)).toEqual([
      { tags: ['центр', 'веранда'] },
      { tags: ['веранда'] },
    ]);
    expect(screen.getByText('Сохранено')).toBeTruthy();
  });

  it('refuses an empty, a too long or a repeated tag without sending', async () => {
    const api = hallApi(server);
    renderTags();
    await screen.findByRole('list', { name: 'Теги' });
    await userEvent.click(screen.getByRole('button', { name: 'Добавить тег' }));
    expect(screen.getByText('Заполните поле')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Новый тег'), 'ЦЕНТР');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить тег' }));
    expect(screen.getByText('Такой тег уже есть')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Новый тег'));
    // The field stops at 32 characters; a pasted longer text is still refused by the contract's rule.
    screen.getByLabelText('Новый тег').removeAttribute('maxlength');
    await userEvent.type(screen.getByLabelText('Новый тег'), 'а'.repeat(33));
    await userEvent.click(screen.getByRole('button', { name: 'Добавить тег' }));
    expect(screen.getByText('Слишком длинное значение: не более 32 символов')).toBeTruthy();
    expect(api.sent('PATCH')).toEqual([]);
  });
});
