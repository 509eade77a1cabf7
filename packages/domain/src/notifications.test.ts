import { describe, expect, it } from 'vitest';
import { normalizeNotifiableStatuses, notifiableStatuses } from './notifications';

describe('notification settings', () => {
  it('offers the notifiable events of spec §4 for each type', () => {
    expect(notifiableStatuses('queue')).toEqual(['live', 'called', 'joined', 'sat', 'cancelled']);
    expect(notifiableStatuses('booking')).toEqual(['new', 'application', 'waiting', 'open', 'cancelled']);
  });

  it('keeps each chosen status once, in the order they happen, and drops the others', () => {
    expect(normalizeNotifiableStatuses('queue', ['sat', 'live', 'sat', 'closed'])).toEqual(['live', 'sat']);
    expect(normalizeNotifiableStatuses('booking', ['live', 'declined'])).toEqual([]);
  });
});
