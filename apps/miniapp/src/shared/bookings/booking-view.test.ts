import { BOOKING_STATUSES, nextBookingStatuses } from '@stolik/domain';
import { describe, expect, it } from 'vitest';
import { booking, DAY, dayTable, msk } from '../../test/booking-fixtures';
import {
  actionKey,
  actionsFor,
  foldFieldErrors,
  labelOf,
  listQueryParams,
  needsPlace,
  patchBookingIn,
  tablesLabel,
} from './booking-view';

describe('the moves offered for a booking', () => {
  it.each(BOOKING_STATUSES)(
    'from %s: exactly what the status machine allows, the main one first',
    (status) => {
      const { primary, others } = actionsFor(status);
      const offered = [...(primary ? [primary] : []), ...others];
      expect([...offered].sort()).toEqual([...nextBookingStatuses(status)].sort());
      expect(new Set(offered).size).toBe(offered.length);
    },
  );

  it('makes the next step of the stand the one tap: confirm, seat, close, bring back', () => {
    expect(actionsFor('new').primary).toBe('application');
    expect(actionsFor('application').primary).toBe('open');
    expect(actionsFor('waiting').primary).toBe('open');
    expect(actionsFor('open').primary).toBe('closed');
    expect(actionsFor('cancelled').primary).toBe('application');
    expect(actionsFor('declined').primary).toBeNull();
  });

  it('calls bringing a cancelled booking back "Вернуть", confirming a request "Подтвердить"', () => {
    expect(actionKey('cancelled', 'application')).toBe('booking.actions.restore');
    expect(actionKey('cancelled_without_deposit', 'application')).toBe('booking.actions.restore');
    expect(actionKey('new', 'application')).toBe('booking.actions.application');
    expect(actionKey('application', 'cancelled_without_deposit')).toBe(
      'booking.actions.cancelled_without_deposit',
    );
  });

  it('asks for a table only when a waiting-list request becomes a booking', () => {
    expect(needsPlace('waiting_list', 'application')).toBe(true);
    expect(needsPlace('waiting_list', 'new')).toBe(true);
    expect(needsPlace('waiting_list', 'cancelled')).toBe(false);
    expect(needsPlace('cancelled', 'application')).toBe(false);
  });
});

describe('the label staff see', () => {
  const confirmed = booking({ seating_time: msk(DAY, '19:00'), end_time: msk(DAY, '20:30') });

  it("is 'late' once a confirmed party's time has passed, and 'overstaying' once a seated one's end has", () => {
    expect(labelOf(confirmed, Date.parse(msk(DAY, '18:59')))).toBe('application');
    expect(labelOf(confirmed, Date.parse(msk(DAY, '19:01')))).toBe('late');
    const seated = { ...confirmed, status: 'open' as const };
    expect(labelOf(seated, Date.parse(msk(DAY, '20:29')))).toBe('open');
    expect(labelOf(seated, Date.parse(msk(DAY, '20:31')))).toBe('overstaying');
  });
});

describe('the list filters as a query', () => {
  it('sends the range, the statuses in the machine’s order and the search', () => {
    const query = listQueryParams(
      1,
      { from: '2026-03-14', to: '2026-03-20', statuses: ['open', 'new'], search: '  Анна ' },
      2,
      50,
    );
    expect(query).toEqual({
      restaurant_id: 1,
      start_date: '2026-03-14',
      end_date: '2026-03-20',
      status: 'new,open',
      search: 'Анна',
      in_waiting_queue: 'false',
      page: 2,
      page_size: 50,
    });
  });

  it('leaves out an empty search and no statuses, and reads a reversed range the right way round', () => {
    const query = listQueryParams(
      1,
      { from: '2026-03-20', to: '2026-03-14', statuses: [], search: ' ' },
      1,
      50,
    );
    expect(query).toMatchObject({ start_date: '2026-03-14', end_date: '2026-03-20' });
    expect(query.status).toBeUndefined();
    expect(query.search).toBeUndefined();
  });
});

describe('a booking changed in the cache', () => {
  const seat = (b: ReturnType<typeof booking>) => ({ ...b, status: 'open' as const });
  const one = booking({ id: 1 });
  const two = booking({ id: 2 });

  it('is changed in a list, a page and the pages of an endless list; the rest stays the same object', () => {
    const list = [one, two];
    expect((patchBookingIn(list, 2, seat) as (typeof one)[])[1]?.status).toBe('open');
    expect(patchBookingIn(list, 9, seat)).toBe(list);

    const page = { count: 2, next: null, previous: null, results: list };
    expect((patchBookingIn(page, 1, seat) as typeof page).results[0]?.status).toBe('open');

    const endless = { pages: [page, { ...page, results: [] }], pageParams: [1, 2] };
    const patched = patchBookingIn(endless, 1, seat) as typeof endless;
    expect(patched.pages[0]?.results[0]?.status).toBe('open');
    expect(patched.pages[1]).toBe(endless.pages[1]);
  });

  it('never touches what is not a booking, even with the same id (a table of the day)', () => {
    const tables = { count: 1, next: null, previous: null, results: [dayTable(1)] };
    expect(patchBookingIn(tables, 1, seat)).toBe(tables);
    expect(patchBookingIn(undefined, 1, seat)).toBeUndefined();
  });
});

describe('small things of the screens', () => {
  it('names the tables of a booking by their numbers, in the hall’s order', () => {
    const tables = new Map([
      [3, { number: '10' }],
      [4, { number: '9' }],
    ]);
    expect(tablesLabel({ tables: [3, 4] }, tables)).toBe('9, 10');
  });

  it('moves a field error the form has no place for into its general message', () => {
    const folded = foldFieldErrors(
      {
        fields: { phone: 'Некорректный номер мобильного телефона', group_size: 'Слишком много' },
        general: null,
      },
      ['phone'],
    );
    expect(folded).toEqual({
      fields: { phone: 'Некорректный номер мобильного телефона' },
      general: 'Слишком много',
    });
  });
});
