import type { SchemeSaveBody, SchemeView } from '@stolik/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Toaster } from '../../../shared/ui/toast';
import { renderAt } from '../../../test/render';
import { bookingApi } from '../../booking/test/booking-fixtures';
import { SCHEME } from '../test/map-fixtures';
import { SchemeEditorScreen } from './scheme-editor-screen';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The saved scheme without В2 (table 6), which the editor offers to place. */
const SAVED: SchemeView = {
  ...SCHEME,
  scheme: { ...SCHEME.scheme, tables: SCHEME.scheme.tables.filter((t) => t.table !== 6) },
};

function schemeApi(answer: (body: SchemeSaveBody) => HttpResponse<object>) {
  const saves: SchemeSaveBody[] = [];
  let current = SAVED;
  bookingApi(server);
  server.use(
    http.get('*/api/restaurant/1/scheme/', () => HttpResponse.json(current)),
    http.post('*/api/restaurant/1/scheme/', async ({ request }) => {
      const body = (await request.json()) as SchemeSaveBody;
      saves.push(body);
      return answer(body);
    }),
  );
  return {
    saves,
    /** Someone else saves in between. */
    savedElsewhere: (view: SchemeView) => {
      current = view;
    },
  };
}

const renderEditor = () =>
  renderAt(
    <>
      <SchemeEditorScreen />
      <Toaster />
    </>,
    { path: '/restaurant/:id/settings/scheme', route: '/restaurant/1/settings/scheme' },
  );

const placeOf = (body: SchemeSaveBody | undefined, table: number) =>
  body?.scheme.tables.find((t) => t.table === table);

describe('the scheme editor', () => {
  it('moves a table on the grid from the keyboard, undoes and redoes, and saves a new version on the loaded one', async () => {
    const api = schemeApi((body) => HttpResponse.json({ ...SAVED, version: 4, scheme: body.scheme }));
    const user = userEvent.setup();
    renderEditor();
    expect(await screen.findByRole('heading', { name: 'Редактор схемы ресторана' })).toBeTruthy();
    const table1 = await screen.findByRole('button', { name: 'Стол 1' });
    expect(screen.getByTestId('scheme-status').textContent).toBe('Версия 3 · Все изменения сохранены');
    table1.focus();
    await user.keyboard('{Enter}{ArrowRight}{ArrowRight}{ArrowDown}');
    expect(table1.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('scheme-status').textContent).toBe('Есть несохраненные изменения');
    await user.click(screen.getByRole('button', { name: 'Отменить' }));
    await user.click(screen.getByRole('button', { name: 'Отменить' }));
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    await user.click(screen.getByRole('button', { name: 'Повернуть на 15°' }));
    table1.focus();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    await user.click(screen.getByRole('button', { name: 'Сохранить схему' }));
    await screen.findByText('Схема сохранена');
    expect(api.saves).toHaveLength(1);
    expect(api.saves[0]?.base_version).toBe(3);
    // Two steps right were kept (one undone and redone), the step down undone; then turned 15° and
    // stretched a step along its own length.
    expect(placeOf(api.saves[0], 1)).toMatchObject({ x: 80, y: 40, rotation: 15, width: 100, height: 80 });
    expect(placeOf(api.saves[0], 2)).toEqual(SAVED.scheme.tables[1]);
    expect(api.saves[0]?.scheme.labels).toEqual(SAVED.scheme.labels);
    expect(screen.getByTestId('scheme-status').textContent).toBe('Версия 4 · Все изменения сохранены');
  });

  it('drags a table to a new place, snapped to the grid', async () => {
    const api = schemeApi((body) => HttpResponse.json({ ...SAVED, version: 4, scheme: body.scheme }));
    const user = userEvent.setup();
    renderEditor();
    const table1 = await screen.findByRole('button', { name: 'Стол 1' });
    const canvas = screen.getByTestId('scheme-canvas');
    fireEvent.pointerDown(table1, { button: 0, pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 167, clientY: 138 });
    fireEvent.pointerUp(canvas, { pointerId: 1, clientX: 167, clientY: 138 });
    await user.click(screen.getByRole('button', { name: 'Сохранить схему' }));
    await screen.findByText('Схема сохранена');
    // From (40, 40) by (67, 38): (107, 78) snaps to (100, 80).
    expect(placeOf(api.saves[0], 1)).toMatchObject({ x: 100, y: 80 });
  });

  it('places a table that is not on the scheme yet', async () => {
    const api = schemeApi((body) => HttpResponse.json({ ...SAVED, version: 4, scheme: body.scheme }));
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Поставить стол В2' }));
    expect(screen.getByRole('button', { name: 'Стол В2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Поставить стол В2' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Сохранить схему' }));
    await screen.findByText('Схема сохранена');
    expect(placeOf(api.saves[0], 6)).toMatchObject({ shape: 'square', width: 80, height: 80, rotation: 0 });
  });

  it('says clearly when someone saved meanwhile, and starts over from their scheme on request', async () => {
    const api = schemeApi(() =>
      HttpResponse.json(
        {
          detail: 'Схему уже сохранили в другом окне. Обновите редактор, чтобы не потерять чужие правки',
          code: 'scheme_changed',
          version: 5,
        },
        { status: 409 },
      ),
    );
    const user = userEvent.setup();
    renderEditor();
    const table1 = await screen.findByRole('button', { name: 'Стол 1' });
    table1.focus();
    await user.keyboard('{Enter}{ArrowRight}');
    await user.click(screen.getByRole('button', { name: 'Сохранить схему' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Схему уже сохранили в другом окне');
    // The edit is still on screen until the person chooses.
    expect(screen.getByTestId('scheme-status').textContent).toBe('Есть несохраненные изменения');
    api.savedElsewhere({ ...SAVED, version: 5 });
    await user.click(screen.getByRole('button', { name: 'Загрузить сохраненную схему' }));
    await waitFor(() =>
      expect(screen.getByTestId('scheme-status').textContent).toBe('Версия 5 · Все изменения сохранены'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
