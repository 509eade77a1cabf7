import type { AnalyticsReport, MetabaseDashboards, Restaurant } from '@stolik/contracts';
import { AnalyticsReport as ReportSchema } from '@stolik/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { localTokenStore } from '../../../shared/api/token-store';
import { renderAt } from '../../../test/render';
import { AnalyticsScreen } from './analytics-screen';

const RESTAURANT: Restaurant = {
  id: 1,
  name: 'Демо',
  timezone: 'Europe/Moscow',
  has_bookings: true,
  ui_content: { app: { hide_orders: false, hide_main_table: false } },
};

function report(over: Partial<AnalyticsReport> = {}): AnalyticsReport {
  const zeroDay = (date: string) => ({
    date,
    joins: 0,
    seated: 0,
    left: 0,
    parties: 0,
    covers: 0,
    queue_covers: 0,
    booking_covers: 0,
    wait_avg_minutes: null,
    wait_p90_minutes: null,
    bookings: 0,
    arrived: 0,
    no_shows: 0,
    late: 0,
    revenue_rubles: null,
  });
  return ReportSchema.parse({
    restaurant: 1,
    timezone: 'Europe/Moscow',
    start_date: '2026-03-08',
    end_date: '2026-03-14',
    queue_by_source: [],
    reach: {
      called: 0,
      reached_30s_share: null,
      reached_2m_share: null,
      answered_share: null,
      unreached: 0,
      by_channel: [],
    },
    totals: {
      joins: 0,
      seated: 0,
      left: 0,
      waiting: 0,
      seated_share: null,
      seated_at_once: 0,
      parties: 0,
      covers: 0,
      queue_covers: 0,
      booking_covers: 0,
      wait_avg_minutes: null,
      wait_p90_minutes: null,
      quote: {
        measured: 0,
        mae_minutes: null,
        on_time_share: null,
        late_10_share: null,
        on_time: 0,
        late: 0,
        late_10: 0,
      },
      bookings: 0,
      arrived: 0,
      no_shows: 0,
      no_show_rate: null,
      late: 0,
      late_rate: null,
    },
    revenue: null,
    days: ['08', '09', '10', '11', '12', '13', '14'].map((d) => zeroDay(`2026-03-${d}`)),
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, joins: 0, parties: 0, covers: 0 })),
    wait_distribution: [0, 5, 15, 30, 45, 60, 90].map((from, i, all) => ({
      from_minutes: from,
      to_minutes: all[i + 1] ?? null,
      parties: 0,
    })),
    turn_times: [
      { party_from: 1, party_to: 2, parties: 0, avg_minutes: null, median_minutes: null },
      { party_from: 3, party_to: 4, parties: 0, avg_minutes: null, median_minutes: null },
      { party_from: 5, party_to: 6, parties: 0, avg_minutes: null, median_minutes: null },
      { party_from: 7, party_to: null, parties: 0, avg_minutes: null, median_minutes: null },
    ],
    bookings_by_status: [],
    bookings_by_source: [],
    ...over,
  });
}

const busy = () => {
  const base = report();
  return report({
    totals: {
      ...base.totals,
      joins: 40,
      seated: 30,
      left: 6,
      waiting: 4,
      seated_share: 0.75,
      parties: 52,
      covers: 148,
      queue_covers: 90,
      booking_covers: 58,
      wait_avg_minutes: 17.8,
      wait_p90_minutes: 32.5,
      quote: {
        measured: 25,
        mae_minutes: 8.6,
        on_time_share: 0.6,
        late_10_share: 0.24,
        on_time: 15,
        late: 4,
        late_10: 6,
      },
      bookings: 30,
      arrived: 22,
      no_shows: 3,
      no_show_rate: 0.12,
      late: 5,
      late_rate: 0.2273,
    },
    revenue: { orders: 40, revenue_rubles: 187_500, seat_hours: 200, per_seat_hour_rubles: 937.5 },
    days: base.days.map((d, i) => ({ ...d, covers: 20 + i, queue_covers: 12, booking_covers: 8 + i })),
    bookings_by_status: [
      { status: 'closed', count: 20 },
      { status: 'application', count: 3 },
    ],
    bookings_by_source: [
      { source: 'staff', count: 10 },
      { source: 'guest_form', count: 15 },
      { source: 'telegram', count: 5 },
    ],
  });
};

const server = setupServer();
beforeAll(() => {
  // recharts sizes its charts with a ResizeObserver, which jsdom lacks.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-14T12:00:00+03:00'));
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

function api(
  reply: () => Response,
  options: { metabase?: MetabaseDashboards; queries?: URLSearchParams[] } = {},
) {
  server.use(
    http.get('*/api/restaurant/1/', () => HttpResponse.json(RESTAURANT)),
    http.get('*/api/restaurant/1/analytics/', ({ request }) => {
      options.queries?.push(new URL(request.url).searchParams);
      return reply();
    }),
    http.get('*/api/metabase/', () =>
      HttpResponse.json(options.metabase ?? { configured: false, dashboards: [] }),
    ),
  );
}

const renderScreen = () =>
  renderAt(<AnalyticsScreen />, { path: '/restaurant/:id/analytics', route: '/restaurant/1/analytics' });

describe('the analytics page', () => {
  it('asks for the last 7 service days and shows the figures as cards', async () => {
    const queries: URLSearchParams[] = [];
    api(() => HttpResponse.json(busy()), { queries });
    renderScreen();
    const covers = await screen.findByText('Гостей', { selector: '.analytics-kpi__label' });
    const card = covers.closest('li') as HTMLElement;
    expect(within(card).getByText('148')).toBeTruthy();
    expect(within(card).getByText('52 компании')).toBeTruthy();
    expect([queries[0]?.get('start_date'), queries[0]?.get('end_date')]).toEqual([
      '2026-03-08',
      '2026-03-14',
    ]);

    const value = (label: string) =>
      (
        screen.getByText(label, { selector: '.analytics-kpi__label' }).closest('li') as HTMLElement
      ).querySelector('.analytics-kpi__value')?.textContent;
    expect(value('Встали в очередь')).toBe('40');
    expect(value('Посажены из очереди')?.replace(/\s/g, ' ')).toBe('75 %');
    expect(value('Среднее ожидание')).toBe('17,8 мин');
    expect(value('90% ждали не дольше')).toBe('32,5 мин');
    expect(value('Ошибка прогноза')).toBe('±8,6 мин');
    expect(value('Не позже прогноза + 5 мин')?.replace(/\s/g, ' ')).toBe('60 %');
    expect(value('Не пришли по брони')?.replace(/\s/g, ' ')).toBe('12 %');
    expect(value('Опоздали')?.replace(/\s/g, ' ')).toBe('23 %');
    expect(value('Выручка на место в час')?.replace(/\s/g, ' ')).toBe('938 ₽');
    expect(screen.getByText('Больше чем на 15 мин: 5 из 22')).toBeTruthy();
  });

  it('draws the charts lazily, each with its figures as a table', { timeout: 20_000 }, async () => {
    api(() => HttpResponse.json(busy()));
    renderScreen();
    const perDay = await screen.findByRole('figure', { name: 'Гости по дням' }, { timeout: 5000 });
    expect(within(perDay).getByRole('img').getAttribute('aria-label')).toBe(
      'Всего гостей: 148. Больше всего за день: 26',
    );
    const table = within(perDay).getByRole('table');
    expect(within(table).getByRole('row', { name: /14\.03\.2026/ }).textContent).toContain('26');
    const statuses = screen.getByRole('figure', { name: 'Брони по статусам' });
    expect(within(statuses).getByRole('row', { name: /Завершено/ }).textContent).toContain('20');
    for (const title of [
      'Гости и очередь по часам',
      'Сколько ждали в очереди',
      'Точность прогноза ожидания',
      'Брони по источникам',
      'Время за столом по размеру компании',
    ]) {
      expect(screen.getByRole('figure', { name: title })).toBeTruthy();
    }
  });

  it('says so in a chart the range measured nothing for, instead of drawing empty axes', {
    timeout: 20_000,
  }, async () => {
    // Busy, but nobody waited in the queue (no histogram) and no table turn was measured.
    api(() => HttpResponse.json(busy()));
    renderScreen();
    const waits = await screen.findByRole('figure', { name: 'Сколько ждали в очереди' }, { timeout: 5000 });
    expect(within(waits).getByText('За этот период нечего показать')).toBeTruthy();
    expect(within(waits).queryByRole('img')).toBeNull();
    // Its figures are still there as a table.
    expect(within(waits).getByRole('row', { name: /0–5 мин/ }).textContent).toContain('0');
    const turns = screen.getByRole('figure', { name: 'Время за столом по размеру компании' });
    expect(within(turns).getByText('За этот период нечего показать')).toBeTruthy();
    for (const drawn of ['Гости по дням', 'Точность прогноза ожидания', 'Брони по статусам']) {
      const figure = screen.getByRole('figure', { name: drawn });
      expect(within(figure).getByRole('img')).toBeTruthy();
      expect(within(figure).queryByText('За этот период нечего показать')).toBeNull();
    }
  });

  it('says when the range has nobody, and offers another range', async () => {
    api(() => HttpResponse.json(report()));
    renderScreen();
    expect(await screen.findByText('За этот период нет ни гостей, ни броней')).toBeTruthy();
    expect(screen.getByText('Выберите другой период')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('shows an error with a retry that asks again', async () => {
    let calls = 0;
    api(() => {
      calls += 1;
      return calls === 1 ? HttpResponse.json({ detail: 'x' }, { status: 500 }) : HttpResponse.json(busy());
    });
    renderScreen();
    expect(await screen.findByText('Не удалось загрузить аналитику')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('148')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('switches to 30 and 90 days, and checks a range of one’s own before asking', async () => {
    const queries: URLSearchParams[] = [];
    api(() => HttpResponse.json(busy()), { queries });
    renderScreen();
    await screen.findByText('148');
    await userEvent.click(screen.getByRole('button', { name: '90 дней' }));
    await waitFor(() => expect(queries.at(-1)?.get('start_date')).toBe('2025-12-15'));
    expect(screen.getByRole('button', { name: '90 дней' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Свой период' }));
    await waitFor(() => expect(queries.at(-1)?.get('start_date')).toBe('2026-02-13'));
    const asked = queries.length;
    fireEvent.change(screen.getByLabelText('С'), { target: { value: '2026-03-20' } });
    expect(await screen.findByText('Дата окончания не может быть раньше даты начала')).toBeTruthy();
    expect(queries.length).toBe(asked);
    expect((screen.getByRole('button', { name: 'Скачать таблицу' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.change(screen.getByLabelText('С'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(queries.at(-1)?.get('start_date')).toBe('2026-03-01'));
    expect(queries.at(-1)?.get('end_date')).toBe('2026-03-14');
  }, 20_000);

  it('downloads the tables of the range as a workbook, with the session’s token', async () => {
    localTokenStore.set({ access: 'access-token', refresh: 'refresh-token' });
    api(() => HttpResponse.json(busy()));
    const exports: Request[] = [];
    server.use(
      http.get('*/api/restaurant/1/analytics/export/', ({ request }) => {
        exports.push(request);
        return new HttpResponse(new TextEncoder().encode('PK xlsx'), {
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:analytics');
    // jsdom has no object URLs; the file itself is the browser's business.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen();
    await screen.findByText('148');
    await userEvent.click(screen.getByRole('button', { name: 'Скачать таблицу' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const url = new URL(exports[0]?.url ?? '');
    expect([url.searchParams.get('start_date'), url.searchParams.get('end_date')]).toEqual([
      '2026-03-08',
      '2026-03-14',
    ]);
    expect(exports[0]?.headers.get('authorization')).toBe('Bearer access-token');
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  }, 20_000);

  it('embeds the configured Metabase dashboards, one at a time', async () => {
    api(() => HttpResponse.json(busy()), {
      metabase: {
        configured: true,
        dashboards: [
          {
            uuid: '5b4c2f9e-1d3a-5e7f-8a9b-0c1d2e3f4a5b',
            name: 'Выручка',
            url: 'https://metabase.example.com/embed/dashboard/token-a',
            expires_at: '2026-03-14T10:00:00.000Z',
          },
          {
            uuid: '6c5d3a0f-2e4b-5f80-9bac-1d2e3f4a5b6c',
            name: 'Очередь',
            url: 'https://metabase.example.com/embed/dashboard/token-b',
            expires_at: '2026-03-14T10:00:00.000Z',
          },
        ],
      },
    });
    renderScreen();
    const frame = await screen.findByTitle('Дашборд Metabase «Выручка»');
    expect(frame.getAttribute('src')).toBe(
      'https://metabase.example.com/embed/dashboard/token-a#bordered=false&titled=true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Очередь' }));
    expect(screen.getByTitle('Дашборд Metabase «Очередь»').getAttribute('src')).toContain('token-b');
  });
});
