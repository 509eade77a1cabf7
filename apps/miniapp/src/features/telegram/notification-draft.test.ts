import { describe, expect, it } from 'vitest';
import { changedSettings, choicesOf, restaurantsOf, toggled } from './notification-draft';

const saved = [
  { restaurant: 1, type: 'queue' as const, statuses: ['live' as const] },
  { restaurant: 1, type: 'booking' as const, statuses: [] },
  { restaurant: 2, type: 'queue' as const, statuses: [] },
  { restaurant: 2, type: 'booking' as const, statuses: ['new' as const, 'cancelled' as const] },
];

describe('the notification choices being edited', () => {
  it('lists each restaurant once, in the order the server gives', () => {
    expect(restaurantsOf(saved)).toEqual([1, 2]);
  });

  it('switches a status on and off, keeping the order of spec §4', () => {
    expect(toggled('queue', ['sat'], 'live')).toEqual(['live', 'sat']);
    expect(toggled('queue', ['live', 'sat'], 'live')).toEqual(['sat']);
    expect(toggled('booking', [], 'cancelled')).toEqual(['cancelled']);
  });

  it('sends only what differs from the server, whatever the order it was clicked in', () => {
    const choices = choicesOf(saved);
    expect(
      changedSettings(choices, {
        '1:queue': ['live'], // switched off and on again: unchanged
        '1:booking': ['open'],
        '2:booking': ['cancelled', 'new'],
      }),
    ).toEqual([{ restaurant: 1, type: 'booking', statuses: ['open'] }]);
    expect(changedSettings(choices, { '2:queue': ['called', 'live'] })).toEqual([
      { restaurant: 2, type: 'queue', statuses: ['live', 'called'] },
    ]);
    expect(changedSettings(choices, {})).toEqual([]);
  });
});
