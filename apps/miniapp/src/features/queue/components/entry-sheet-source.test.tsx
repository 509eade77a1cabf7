import type { Restaurant, StaffQueueHistoryItem } from '@stolik/contracts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY, msk, queueEntry } from '../../../shared/hall/test/hall-fixtures';
import { openDialogsInJsdom } from '../../../test/dialogs';
import { renderAt } from '../../../test/render';
import { EntrySheet } from './entry-sheet';

const server = setupServer();
beforeAll(() => {
  openDialogsInJsdom();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const change = (over: Partial<StaffQueueHistoryItem>): StaffQueueHistoryItem => ({
  from_status: null,
  to_status: 'live',
  changed_by: null,
  changes: {},
  at: msk(DAY, '19:00'),
  legacy_source: 'Live',
  ...over,
});

const history = (items: StaffQueueHistoryItem[]) =>
  server.use(http.get('*/api/reservation/1/history/', () => HttpResponse.json(items)));

const renderSheet = (over: Parameters<typeof queueEntry>[0], restaurants: Restaurant[] = []) =>
  renderAt(
    <EntrySheet entry={queueEntry(over)} restaurants={restaurants} onAction={() => {}} onClose={() => {}} />,
  );

/** Issue #22: a guest's details say the older system's word for the entry, as the spec writes it. */
describe("the entry's details", () => {
  it.each([
    ['Reserve_Hostme', 'Резерв Hostme'],
    ['Fake', 'Фейк'],
    ['Joined', 'С нами'],
  ] as const)('show %s as %s under Источник', async (word, label) => {
    history([]);
    renderSheet({ legacy_source: word });
    const term = await screen.findByText('Источник');
    expect(term.nextElementSibling?.textContent).toBe(label);
  });

  it('list its history on the restaurant’s clock, each change in the spec’s source words', async () => {
    history([
      change({}),
      change({ from_status: 'live', to_status: 'called', at: msk(DAY, '19:12'), legacy_source: 'Called' }),
      change({
        from_status: 'called',
        to_status: 'called',
        changes: { fake: true },
        at: msk(DAY, '19:20'),
        legacy_source: 'Fake',
      }),
    ]);
    renderSheet({ status: 'called', fake: true, legacy_source: 'Fake' }, [
      { id: 1, timezone: 'Europe/Moscow' } as Restaurant,
    ]);
    const list = await screen.findByRole('list', { name: 'История' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['19:00Живая очередь', '19:12Вызвана', '19:20Фейк']);
  });

  it('say so when the history cannot be loaded, and still show the rest', async () => {
    server.use(http.get('*/api/reservation/1/history/', () => HttpResponse.json({}, { status: 500 })));
    renderSheet({});
    expect(await screen.findByText('Не удалось загрузить историю')).toBeTruthy();
    expect(screen.getByText('Источник')).toBeTruthy();
  });
});
