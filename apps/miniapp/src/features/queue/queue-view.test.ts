import type { QueueEntry } from '@stolik/contracts';
import { describe, expect, it } from 'vitest';
import { actionsFor, countByGroup, isOverdue, matchesSearch, rowsOf, statusShownIn } from './queue-view';

const entry = (over: Partial<QueueEntry>): QueueEntry => ({
  id: 1,
  restaurant: 1,
  number: 1,
  group_size: 2,
  event: null,
  comment: '',
  name: 'Анна',
  phone: '+79165550101',
  source: 'guest_form',
  status: 'live',
  fake: false,
  legacy_source: 'Live',
  created: '2026-11-22T18:00:00.000Z',
  invite_time: null,
  seated_time: null,
  finished_time: null,
  tables: [],
  quoted_wait: 15,
  waiting_time: 10,
  waiting_range: null,
  visits: 0,
  reach: null,
  ...over,
});

describe('the live queue as a hostess sees it', () => {
  it('offers the next step of the door as the one tap, and the rest in the sheet', () => {
    expect(actionsFor('live')).toEqual({ primary: 'call', others: ['arrived', 'seat', 'cancel'] });
    expect(actionsFor('called')).toEqual({ primary: 'seat', others: ['arrived', 'cancel', 'requeue'] });
    expect(actionsFor('sat')).toEqual({ primary: 'close', others: [] });
    expect(actionsFor('closed')).toEqual({ primary: null, others: [] });
  });

  it('puts who came first on top while waiting, and the latest gone first', () => {
    const early = entry({ id: 1, created: '2026-11-22T18:00:00Z' });
    const late = entry({ id: 2, created: '2026-11-22T18:05:00Z' });
    expect(rowsOf([late, early], 'waiting').map((e) => e.id)).toEqual([1, 2]);
    const gone = [
      entry({ id: 3, status: 'cancelled', created: '2026-11-22T18:00:00Z' }),
      entry({ id: 4, status: 'closed', created: '2026-11-22T18:10:00Z' }),
    ];
    expect(rowsOf(gone, 'done').map((e) => e.id)).toEqual([4, 3]);
    expect(countByGroup([early, late, ...gone])).toMatchObject({ waiting: 2, done: 2, called: 0 });
  });

  it('keeps a called guest among the waiting, marked, so she is seated from where she was called', () => {
    const waiting = entry({ id: 1, created: '2026-11-22T18:00:00Z' });
    const called = entry({ id: 2, status: 'called', created: '2026-11-22T17:55:00Z' });
    const arrived = entry({ id: 3, status: 'joined' });
    expect(rowsOf([waiting, called, arrived], 'waiting').map((e) => e.id)).toEqual([2, 1]);
    expect(rowsOf([waiting, called, arrived], 'called').map((e) => e.id)).toEqual([2]);
    expect(countByGroup([waiting, called, arrived])).toMatchObject({ waiting: 2, called: 1, joined: 1 });
    expect(statusShownIn('waiting', 'called')).toBe(true);
    expect(statusShownIn('waiting', 'live')).toBe(false);
    expect(statusShownIn('called', 'called')).toBe(false);
    expect(statusShownIn('done', 'closed')).toBe(true);
  });

  it('marks a waiting guest red once the promised wait and the grace after it have passed', () => {
    const e = entry({ quoted_wait: 15 });
    expect(isOverdue(e, Date.parse('2026-11-22T18:25:00Z'), 10)).toBe(false);
    expect(isOverdue(e, Date.parse('2026-11-22T18:26:00Z'), 10)).toBe(true);
    expect(isOverdue(e, Date.parse('2026-11-22T18:16:00Z'), 0)).toBe(true);
    expect(isOverdue({ ...e, status: 'called' }, Date.parse('2026-11-22T19:00:00Z'), 10)).toBe(false);
  });

  it('does not turn a guest quoted the walk from the door red within minutes (issue #17)', () => {
    // A table was free when they joined: quoted 5, the floor; a minute or two later they are not late.
    const e = entry({ quoted_wait: 5 });
    expect(isOverdue(e, Date.parse('2026-11-22T18:07:00Z'), 10)).toBe(false);
    expect(isOverdue(e, Date.parse('2026-11-22T18:16:00Z'), 10)).toBe(true);
  });

  it('finds a guest by name, phone digits or queue number', () => {
    const e = entry({ number: 12, name: 'Борис Петров', phone: '+79165550101' });
    expect(matchesSearch(e, 'борис')).toBe(true);
    expect(matchesSearch(e, '0101')).toBe(true);
    expect(matchesSearch(e, '12')).toBe(true);
    expect(matchesSearch(e, 'анна')).toBe(false);
    expect(matchesSearch(e, '13')).toBe(false);
  });
});
