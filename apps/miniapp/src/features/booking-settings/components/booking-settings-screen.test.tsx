import type { AutoRule, DurationRule, TimeRule, WorkTime, ZoneSchedule } from '@stolik/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render';
import { BookingSettingsScreen } from './booking-settings-screen';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The restaurant's booking settings as the API keeps them, and every change sent to it. */
function settingsApi() {
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : null,
    });
  };
  // Sunday is missing: the engine treats it as closed, and so does the form.
  let week: WorkTime[] = [0, 1, 2, 3, 4, 5].map((weekday) => ({
    weekday,
    opens: '12:00',
    closes: weekday === 4 ? '02:00' : '23:00',
    is_closed: false,
  }));
  let durations: DurationRule[] = [
    { seats_from: 3, seats_to: 4, minutes: 120 },
    { seats_from: 1, seats_to: 2, minutes: 90 },
  ];
  let timeRules: TimeRule[] = [
    {
      id: 7,
      restaurant: 1,
      rule_type: 'min_lead',
      weekdays: [],
      from: null,
      to: null,
      minutes: 60,
      covers: null,
      is_active: true,
    },
  ];
  let autoRules: AutoRule[] = [];
  let zones: ZoneSchedule[] = [
    { zone: 11, name: 'Основной зал', active: true, closures: [] },
    { zone: 12, name: 'Веранда', active: true, closures: [{ date: '2030-06-01', from: null, to: null }] },
  ];
  server.use(
    http.get('*/api/settings/1/work-time/', () => HttpResponse.json(week)),
    http.patch('*/api/settings/1/work-time/', async ({ request }) => {
      await record(request.clone());
      const days = (await request.json()) as WorkTime[];
      week = days;
      return HttpResponse.json(week);
    }),
    http.get('*/api/settings/1/booking-duration-list/', () => HttpResponse.json(durations)),
    http.put('*/api/settings/1/booking-duration-list/', async ({ request }) => {
      await record(request.clone());
      durations = (await request.json()) as DurationRule[];
      return HttpResponse.json(durations);
    }),
    http.get('*/api/settings/1/booking/', () =>
      HttpResponse.json({ preparation_minutes: 0, cleaning_minutes: 15 }),
    ),
    http.patch('*/api/settings/1/booking/', async ({ request }) => {
      await record(request.clone());
      return HttpResponse.json(await request.json());
    }),
    http.get('*/api/time_rule/', () => HttpResponse.json(timeRules)),
    http.post('*/api/time_rule/', async ({ request }) => {
      await record(request.clone());
      const rule = { id: 8, ...((await request.json()) as Omit<TimeRule, 'id'>) };
      timeRules = [...timeRules, rule];
      return HttpResponse.json(rule, { status: 201 });
    }),
    http.patch('*/api/time_rule/:id/', async ({ request, params }) => {
      await record(request.clone());
      const patch = (await request.json()) as Partial<TimeRule>;
      timeRules = timeRules.map((r) => (r.id === Number(params.id) ? { ...r, ...patch } : r));
      return HttpResponse.json(timeRules.find((r) => r.id === Number(params.id)));
    }),
    http.delete('*/api/time_rule/:id/', async ({ request, params }) => {
      await record(request);
      timeRules = timeRules.filter((r) => r.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/auto_reservation_rules/', () => HttpResponse.json(autoRules)),
    http.post('*/api/auto_reservation_rules/', async ({ request }) => {
      await record(request.clone());
      const rule = { id: 3, ...((await request.json()) as Omit<AutoRule, 'id'>) };
      autoRules = [...autoRules, rule];
      return HttpResponse.json(rule, { status: 201 });
    }),
    http.get('*/api/restaurant/1/zones_schedule/', () => HttpResponse.json(zones)),
    http.patch('*/api/restaurant/1/update_zone_schedule/:zone/', async ({ request, params }) => {
      await record(request.clone());
      const { active } = (await request.json()) as { active: 0 | 1 };
      zones = zones.map((z) => (z.zone === Number(params.zone) ? { ...z, active: active === 1 } : z));
      return HttpResponse.json(zones.find((z) => z.zone === Number(params.zone)));
    }),
    http.put('*/api/settings/1/zone-schedules/:zone/', async ({ request, params }) => {
      await record(request.clone());
      const { closures } = (await request.json()) as Pick<ZoneSchedule, 'closures'>;
      zones = zones.map((z) => (z.zone === Number(params.zone) ? { ...z, closures } : z));
      return HttpResponse.json(zones.find((z) => z.zone === Number(params.zone)));
    }),
  );
  return {
    calls,
    sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

const renderSettings = () =>
  renderAt(<BookingSettingsScreen />, {
    path: '/restaurant/:id/settings/booking',
    route: '/restaurant/1/settings/booking',
  });

const section = (name: string) => screen.findByRole('region', { name });
const dayRow = (panel: HTMLElement, day: string) => within(panel).getByText(day).closest('li') as HTMLElement;

describe('settings → booking: work time', () => {
  it('shows each weekday, a missing day as closed, and says when an evening runs past midnight', async () => {
    settingsApi();
    renderSettings();
    const panel = await section('Часы работы');
    await within(panel).findByText('Понедельник');
    expect(within(panel).getByText(/ресторан работает после полуночи/)).toBeTruthy();
    expect(within(dayRow(panel, 'Пятница')).getByText('до 02:00 следующего дня')).toBeTruthy();
    expect(within(dayRow(panel, 'Понедельник')).queryByText(/следующего дня/)).toBeNull();
    expect((within(panel).getByLabelText('Воскресенье: Выходной') as HTMLInputElement).checked).toBe(true);
    expect(within(dayRow(panel, 'Воскресенье')).queryByLabelText('Открытие')).toBeNull();
  });

  it('saves the week on its own and says so', async () => {
    const api = settingsApi();
    renderSettings();
    const panel = await section('Часы работы');
    await within(panel).findByText('Понедельник');
    const monday = dayRow(panel, 'Понедельник');
    fireEvent.change(within(monday).getByLabelText('Закрытие'), { target: { value: '01:00' } });
    expect(within(monday).getByText('до 01:00 следующего дня')).toBeTruthy();
    await userEvent.click(within(panel).getByLabelText('Воскресенье: Выходной'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Сохранить' }));
    expect(await within(panel).findByText('Сохранено')).toBeTruthy();
    const [patch] = api.sent('PATCH', '/api/settings/1/work-time/');
    const days = patch?.body as WorkTime[];
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({ weekday: 0, opens: '12:00', closes: '01:00', is_closed: false });
    expect(days[6]).toMatchObject({ weekday: 6, is_closed: false });
    // Nothing else was sent: each block saves only itself.
    expect(api.calls).toHaveLength(1);
  });

  it("shows the server's refusal by the day and field it names, through i18n", async () => {
    settingsApi();
    server.use(
      http.patch('*/api/settings/1/work-time/', () =>
        HttpResponse.json({ '2.opens': ['validation.invalid'] }, { status: 400 }),
      ),
    );
    renderSettings();
    const panel = await section('Часы работы');
    await within(panel).findByText('Среда');
    await userEvent.click(within(panel).getByRole('button', { name: 'Сохранить' }));
    expect(await within(panel).findByText('Не удалось сохранить')).toBeTruthy();
    expect(within(dayRow(panel, 'Среда')).getByText('Некорректное значение')).toBeTruthy();
    expect(within(panel).queryByText('Сохранено')).toBeNull();
  });
});

describe('settings → booking: durations and table gaps', () => {
  it('lists the durations by party size, refuses overlaps and reversed ranges, and saves the list in order', async () => {
    const api = settingsApi();
    renderSettings();
    const panel = await section('Длительность брони');
    const rows = await within(panel).findAllByRole('listitem');
    expect((within(rows[0] as HTMLElement).getByLabelText('Гостей от') as HTMLInputElement).value).toBe('1');

    await userEvent.click(within(panel).getByRole('button', { name: 'Добавить строку' }));
    const added = within(panel).getAllByRole('listitem')[2] as HTMLElement;
    expect((within(added).getByLabelText('Гостей от') as HTMLInputElement).value).toBe('5');
    fireEvent.change(within(added).getByLabelText('Гостей от'), { target: { value: '4' } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Сохранить' }));
    expect(within(panel).getByText('Пересекается с предыдущей строкой')).toBeTruthy();

    fireEvent.change(within(added).getByLabelText('Гостей от'), { target: { value: '6' } });
    fireEvent.change(within(added).getByLabelText('до'), { target: { value: '5' } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Сохранить' }));
    expect(within(panel).getByText('«До» не может быть меньше «от»')).toBeTruthy();
    expect(api.calls).toEqual([]);

    fireEvent.change(within(added).getByLabelText('до'), { target: { value: '' } });
    fireEvent.change(within(added).getByLabelText('Минут'), { target: { value: '150' } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Сохранить' }));
    expect(await within(panel).findByText('Сохранено')).toBeTruthy();
    expect(api.sent('PUT', '/api/settings/1/booking-duration-list/')[0]?.body).toEqual([
      { seats_from: 1, seats_to: 2, minutes: 90 },
      { seats_from: 3, seats_to: 4, minutes: 120 },
      { seats_from: 6, seats_to: null, minutes: 150 },
    ]);
  });

  it('saves preparation and cleaning time, and shows the limit the server gives', async () => {
    const api = settingsApi();
    renderSettings();
    const panel = await section('Подготовка и уборка');
    const cleaning = (await within(panel).findByLabelText('Уборка, мин')) as HTMLInputElement;
    expect(cleaning.value).toBe('15');
    fireEvent.change(within(panel).getByLabelText('Подготовка, мин'), { target: { value: '10' } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Сохранить' }));
    expect(await within(panel).findByText('Сохранено')).toBeTruthy();
    expect(api.sent('PATCH', '/api/settings/1/booking/')[0]?.body).toEqual({
      preparation_minutes: 10,
      cleaning_minutes: 15,
    });

    fireEvent.change(cleaning, { target: { value: '500' } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Сохранить' }));
    expect(within(panel).getByText('Значение должно быть не больше 180')).toBeTruthy();
    expect(api.sent('PATCH', '/api/settings/1/booking/')).toHaveLength(1);
  });
});

describe('settings → booking: rules for online requests', () => {
  it('describes each rule in words, switches it off, adds a window without online requests, and deletes', async () => {
    const api = settingsApi();
    renderSettings();
    const panel = await section('Правила онлайн-заявок');
    expect(await within(panel).findByText('Не позже чем за 60 мин до визита')).toBeTruthy();
    expect(within(panel).getByText('каждый день')).toBeTruthy();

    await userEvent.click(within(panel).getByLabelText('Не позже чем за 60 мин до визита: Действует'));
    await waitFor(() =>
      expect(api.sent('PATCH', '/api/time_rule/7/')[0]?.body).toEqual({ is_active: false }),
    );
    expect(await within(panel).findByText('Сохранено')).toBeTruthy();

    await userEvent.click(within(panel).getByRole('button', { name: 'Добавить правило' }));
    const editor = within(panel).getByRole('group', { name: 'Новое правило' });
    expect(within(editor).getByText('В эти часы гости не могут оставить заявку')).toBeTruthy();
    await userEvent.click(within(editor).getByRole('button', { name: 'Сохранить' }));
    expect(within(editor).getAllByText('Заполните поле')).toHaveLength(2);
    fireEvent.change(within(editor).getByLabelText('С'), { target: { value: '12:00' } });
    fireEvent.change(within(editor).getByLabelText('До'), { target: { value: '15:00' } });
    await userEvent.click(within(editor).getByLabelText('Суббота'));
    await userEvent.click(within(editor).getByLabelText('Воскресенье'));
    await userEvent.click(within(editor).getByRole('button', { name: 'Сохранить' }));
    expect(await within(panel).findByText('Без онлайн-заявок')).toBeTruthy();
    expect(within(panel).getByText('12:00–15:00 · Сб, Вс')).toBeTruthy();
    expect(api.sent('POST', '/api/time_rule/')[0]?.body).toEqual({
      restaurant: 1,
      rule_type: 'no_online',
      weekdays: [5, 6],
      from: '12:00',
      to: '15:00',
      minutes: null,
      covers: null,
      is_active: true,
    });

    await userEvent.click(within(panel).getByRole('button', { name: 'Удалить: Без онлайн-заявок' }));
    expect(within(panel).getByText('Удалить это правило?')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Удалить', hidden: true }));
    await waitFor(() => expect(within(panel).queryByText('Без онлайн-заявок')).toBeNull());
    expect(api.sent('DELETE', '/api/time_rule/8/')).toHaveLength(1);
  });

  it('shows why the server refused a rule, in the editor it came from', async () => {
    settingsApi();
    server.use(
      http.post('*/api/time_rule/', () =>
        HttpResponse.json({ covers: ['validation.required'] }, { status: 400 }),
      ),
    );
    renderSettings();
    const panel = await section('Правила онлайн-заявок');
    await within(panel).findByText('Не позже чем за 60 мин до визита');
    await userEvent.click(within(panel).getByRole('button', { name: 'Добавить правило' }));
    const editor = within(panel).getByRole('group', { name: 'Новое правило' });
    await userEvent.selectOptions(within(editor).getByLabelText('Правило'), 'covers_cap');
    await userEvent.click(within(editor).getByRole('button', { name: 'Сохранить' }));
    expect(await within(editor).findByText('Заполните поле')).toBeTruthy();
    expect(within(editor).getByText('Не удалось сохранить')).toBeTruthy();
  });

  it('explains auto-confirmation and adds a rule for small parties in one zone', async () => {
    const api = settingsApi();
    renderSettings();
    const panel = await section('Автоподтверждение заявок');
    expect(within(panel).getByText(/подтверждаются сами, без хостес, если есть свободный стол/)).toBeTruthy();
    expect(await within(panel).findByText('Правил пока нет: каждую заявку подтверждает хостес')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Добавить правило' }));
    const editor = within(panel).getByRole('group', { name: 'Новое правило автоподтверждения' });
    fireEvent.change(within(editor).getByLabelText('До скольких гостей'), { target: { value: '6' } });
    await within(editor).findByRole('option', { name: 'Веранда' });
    await userEvent.selectOptions(within(editor).getByLabelText('Зона'), 'Веранда');
    fireEvent.change(within(editor).getByLabelText('С'), { target: { value: '12:00' } });
    await userEvent.click(within(editor).getByRole('button', { name: 'Сохранить' }));
    expect(within(editor).getByText('Укажите оба времени или ни одного')).toBeTruthy();
    fireEvent.change(within(editor).getByLabelText('С'), { target: { value: '' } });
    await userEvent.click(within(editor).getByRole('button', { name: 'Сохранить' }));
    expect(await within(panel).findByText('До 6 гостей')).toBeTruthy();
    expect(within(panel).getByText('весь день · каждый день · Веранда')).toBeTruthy();
    expect(api.sent('POST', '/api/auto_reservation_rules/')[0]?.body).toEqual({
      restaurant: 1,
      rule_type: 'confirm',
      weekdays: [],
      from: null,
      to: null,
      max_group_size: 6,
      zone: 12,
      is_active: true,
    });
  });
});

describe('settings → booking: zone schedule', () => {
  it('switches a zone off at once, and back when the server refuses', async () => {
    const api = settingsApi();
    renderSettings();
    const panel = await section('Расписание зон');
    const veranda = (await within(panel).findByLabelText('Веранда: Зона работает')) as HTMLInputElement;
    await userEvent.click(veranda);
    await waitFor(() =>
      expect(api.sent('PATCH', '/api/restaurant/1/update_zone_schedule/12/')[0]?.body).toEqual({ active: 0 }),
    );
    expect(veranda.checked).toBe(false);

    server.use(
      http.patch('*/api/restaurant/1/update_zone_schedule/:zone/', () =>
        HttpResponse.json({ detail: 'Недостаточно прав', code: 'permission_denied' }, { status: 403 }),
      ),
    );
    const hall = within(panel).getByLabelText('Основной зал: Зона работает') as HTMLInputElement;
    await userEvent.click(hall);
    expect(await within(panel).findByText('Недостаточно прав')).toBeTruthy();
    expect(hall.checked).toBe(true);
  });

  it("replaces a zone's closures: a whole date, or hours of it", async () => {
    const api = settingsApi();
    renderSettings();
    const panel = await section('Расписание зон');
    await within(panel).findByText('Веранда');
    const card = within(panel).getByText('Веранда').closest('li') as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: 'Добавить закрытие' }));
    const dates = within(card).getAllByLabelText('Дата');
    fireEvent.change(dates[1] as HTMLElement, { target: { value: '2030-06-02' } });
    fireEvent.change(within(card).getAllByLabelText('С')[1] as HTMLElement, { target: { value: '18:00' } });
    fireEvent.change(within(card).getAllByLabelText('До')[1] as HTMLElement, { target: { value: '23:00' } });
    await userEvent.click(within(card).getByRole('button', { name: 'Сохранить закрытия' }));
    expect(await within(card).findByText('Сохранено')).toBeTruthy();
    expect(api.sent('PUT', '/api/settings/1/zone-schedules/12/')[0]?.body).toEqual({
      closures: [
        { date: '2030-06-01', from: null, to: null },
        { date: '2030-06-02', from: '18:00', to: '23:00' },
      ],
    });
  });
});
