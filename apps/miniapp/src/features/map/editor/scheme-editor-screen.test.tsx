import type { SchemeSaveBody, SchemeVersionSummary, SchemeView } from '@stolik/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Toaster } from '../../../shared/ui/toast';
import { bookingApi } from '../../../test/booking-fixtures';
import { renderAt } from '../../../test/render';
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

/** Versions 3 (the current one), 2 and 1 (saved by the seed, no author), newest first. */
const VERSIONS: SchemeVersionSummary[] = [
  {
    version: 3,
    saved_at: '2026-03-14T07:00:00+00:00',
    saved_by: { id: 1, name: 'Админ' },
    restored_from: null,
    tables: 5,
  },
  {
    version: 2,
    saved_at: '2026-03-13T15:30:00+00:00',
    saved_by: { id: 1, name: 'Админ' },
    restored_from: null,
    tables: 6,
  },
  { version: 1, saved_at: '2026-03-12T09:05:00+00:00', saved_by: null, restored_from: null, tables: 4 },
];

function schemeApi(answer: (body: SchemeSaveBody) => HttpResponse<object>) {
  const saves: SchemeSaveBody[] = [];
  const restores: number[] = [];
  let current = SAVED;
  bookingApi(server);
  server.use(
    http.get('*/api/restaurant/1/scheme/', () => HttpResponse.json(current)),
    http.post('*/api/restaurant/1/scheme/', async ({ request }) => {
      const body = (await request.json()) as SchemeSaveBody;
      saves.push(body);
      return answer(body);
    }),
    http.get('*/api/restaurant/1/scheme/history/', () =>
      HttpResponse.json({ count: VERSIONS.length, next: null, previous: null, results: VERSIONS }),
    ),
    http.post('*/api/restaurant/1/scheme/history/:version/restore/', ({ params }) => {
      restores.push(Number(params.version));
      // Version 2 had В2 (table 6) placed and no label.
      current = {
        ...SCHEME,
        version: 4,
        restored_from: Number(params.version),
        scheme: { ...SCHEME.scheme, labels: [] },
      };
      return HttpResponse.json(current, { status: 201 });
    }),
  );
  return {
    saves,
    restores,
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

  it('moves a group chosen with Shift-clicks together: tables, a decoration and a label', async () => {
    const api = schemeApi((body) => HttpResponse.json({ ...SAVED, version: 4, scheme: body.scheme }));
    const user = userEvent.setup();
    renderEditor();
    const table1 = await screen.findByRole('button', { name: 'Стол 1' });
    const table2 = screen.getByRole('button', { name: 'Стол 2' });
    const bar = screen.getByRole('button', { name: 'Барная стойка 1' });
    const label = screen.getByRole('button', { name: 'Надпись «Вход»' });
    const canvas = screen.getByTestId('scheme-canvas');
    fireEvent.pointerDown(table1, { button: 0, pointerId: 1, clientX: 60, clientY: 60 });
    fireEvent.pointerUp(canvas, { pointerId: 1, clientX: 60, clientY: 60 });
    for (const item of [table2, bar, label]) {
      fireEvent.pointerDown(item, { button: 0, pointerId: 1, shiftKey: true, clientX: 10, clientY: 10 });
      fireEvent.pointerUp(canvas, { pointerId: 1, clientX: 10, clientY: 10 });
    }
    expect(screen.getByText('Выбрано: 4')).toBeTruthy();
    // A Shift-click on a chosen one lets it go; on it again, it is back.
    fireEvent.pointerDown(label, { button: 0, pointerId: 1, shiftKey: true, clientX: 10, clientY: 10 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    expect(label.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('Выбрано: 3')).toBeTruthy();
    fireEvent.pointerDown(label, { button: 0, pointerId: 1, shiftKey: true, clientX: 10, clientY: 10 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });

    // Dragging one of them carries all four, by the same snapped step.
    fireEvent.pointerDown(table2, { button: 0, pointerId: 1, clientX: 200, clientY: 60 });
    fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 241, clientY: 99 });
    fireEvent.pointerUp(canvas, { pointerId: 1, clientX: 241, clientY: 99 });
    expect(screen.getByText('Выбрано: 4')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Сохранить схему' }));
    await screen.findByText('Схема сохранена');
    const scheme = api.saves[0]?.scheme;
    expect(placeOf(api.saves[0], 1)).toMatchObject({ x: 80, y: 80 });
    expect(placeOf(api.saves[0], 2)).toMatchObject({ x: 220, y: 80 });
    expect(placeOf(api.saves[0], 3)).toEqual(SAVED.scheme.tables[2]);
    expect(scheme?.decorations[0]).toMatchObject({ kind: 'bar', x: 560, y: 80 });
    expect(scheme?.labels[0]).toMatchObject({ text: 'Вход', x: 560, y: 480 });
    expect(scheme?.zones).toEqual(SAVED.scheme.zones);
  });

  it('adds a wall and a label from the palette, edits the label, reshapes a table, and removes with Delete', async () => {
    const api = schemeApi((body) => HttpResponse.json({ ...SAVED, version: 4, scheme: body.scheme }));
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('button', { name: 'Стол 1' });
    const palette = screen.getByRole('region', { name: 'Добавить на схему' });
    await user.click(within(palette).getByRole('button', { name: 'Стена' }));
    expect(screen.getByRole('button', { name: 'Стена 1' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(palette).getByRole('button', { name: 'Растение' }));
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('button', { name: 'Растение 1' })).toBeNull();

    await user.click(within(palette).getByRole('button', { name: 'Надпись' }));
    const text = screen.getByRole('textbox', { name: 'Текст надписи' });
    await user.clear(text);
    await user.type(text, 'Терраса{Enter}');
    expect(screen.getByRole('button', { name: 'Надпись «Терраса»' })).toBeTruthy();
    const size = screen.getByRole('spinbutton', { name: 'Размер текста' });
    fireEvent.change(size, { target: { value: '24' } });

    const table3 = screen.getByRole('button', { name: 'Стол 3' });
    table3.focus();
    await user.keyboard('{Enter}');
    const shape = screen.getByRole('group', { name: 'Форма стола 3' });
    await user.click(within(shape).getByRole('button', { name: 'Круглый' }));
    expect(within(shape).getByRole('button', { name: 'Круглый' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Сохранить схему' }));
    await screen.findByText('Схема сохранена');
    const scheme = api.saves[0]?.scheme;
    expect(scheme?.decorations.map((d) => d.kind)).toEqual(['bar', 'wall']);
    expect(scheme?.decorations[1]).toMatchObject({ width: 200, height: 20, rotation: 0 });
    expect(scheme?.labels).toEqual([
      SAVED.scheme.labels[0],
      expect.objectContaining({ text: 'Терраса', size: 24 }),
    ]);
    expect(placeOf(api.saves[0], 3)).toMatchObject({ shape: 'round', width: 120, height: 80 });
  });

  it('draws a zone area: a rectangle for the chosen zone, a point dragged, a point added on an edge and removed', async () => {
    const api = schemeApi((body) => HttpResponse.json({ ...SAVED, version: 4, scheme: body.scheme }));
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('button', { name: 'Стол 1' });
    const palette = screen.getByRole('region', { name: 'Добавить на схему' });
    await user.selectOptions(within(palette).getByRole('combobox', { name: 'Область зоны' }), 'Веранда');
    await user.click(within(palette).getByRole('button', { name: 'Добавить область' }));
    const area = screen.getByRole('button', { name: 'Область зоны «Веранда», 3' });
    expect(area.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('4 точки')).toBeTruthy();

    const canvas = screen.getByTestId('scheme-canvas');
    // The first point (the top-left corner) dragged by (-33, +18): snapped.
    const [first] = screen.getAllByTestId('zone-point');
    if (!first) throw new Error('no point');
    const x0 = Number(first.getAttribute('cx'));
    const y0 = Number(first.getAttribute('cy'));
    fireEvent.pointerDown(first, { button: 0, pointerId: 1, clientX: x0, clientY: y0 });
    fireEvent.pointerMove(canvas, { pointerId: 1, clientX: x0 - 33, clientY: y0 + 18 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    // A tap on the middle of the top edge adds a point there, and it is the selected one.
    const [middle] = screen.getAllByTestId('zone-midpoint');
    if (!middle) throw new Error('no edge');
    fireEvent.pointerDown(middle, { button: 0, pointerId: 1, clientX: 0, clientY: 0 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    expect(screen.getByText('5 точек')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Удалить точку' }));
    expect(screen.getByText('4 точки')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(screen.getByText('5 точек')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Сохранить схему' }));
    await screen.findByText('Схема сохранена');
    const added = api.saves[0]?.scheme.zones[2];
    expect(added?.zone).toBe(2);
    expect(added?.points).toHaveLength(5);
    // The rectangle went to (500, 20), right of the hall's area; its corner moved to (460, 40), and the
    // new point halves the top edge from there to (740, 20): (600, 30), snapped.
    expect([x0, y0]).toEqual([500, 20]);
    expect(added?.points).toEqual([
      { x: 460, y: 40 },
      { x: 600, y: 40 },
      { x: 740, y: 20 },
      { x: 740, y: 180 },
      { x: 500, y: 180 },
    ]);
  });

  it('lists the saved versions and restores an older one after asking', async () => {
    const api = schemeApi((body) => HttpResponse.json({ ...SAVED, version: 4, scheme: body.scheme }));
    const user = userEvent.setup();
    renderEditor();
    const history = await screen.findByRole('region', { name: 'История версий' });
    const rows = await within(history).findAllByTestId('scheme-version');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Версия 3 · текущая14.03.2026 в 10:00 · Админ · 5 столов',
      'Версия 213.03.2026 в 18:30 · Админ · 6 столовВосстановить',
      'Версия 112.03.2026 в 12:05 · 4 столаВосстановить',
    ]);
    // An edit not saved yet: the question says it will be lost.
    const table1 = screen.getByRole('button', { name: 'Стол 1' });
    table1.focus();
    await user.keyboard('{Enter}{ArrowRight}');
    await user.click(within(history).getByRole('button', { name: 'Восстановить версию 2' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain(
      'Восстановить версию 2? Она станет новой версией схемы. Несохраненные изменения пропадут.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Восстановить', hidden: true }));
    await screen.findByText('Версия 2 восстановлена как версия 4');
    expect(api.restores).toEqual([2]);
    await waitFor(() =>
      expect(screen.getByTestId('scheme-status').textContent).toBe('Версия 4 · Все изменения сохранены'),
    );
    // The restored hall: В2 is back on the scheme, the label is gone.
    expect(screen.getByRole('button', { name: 'Стол В2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Надпись «Вход»' })).toBeNull();
  });
});
