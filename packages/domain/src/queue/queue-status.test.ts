import { describe, expect, it } from 'vitest';
import {
  canMoveQueueEntry,
  isActiveQueueStatus,
  QUEUE_STATUSES,
  type QueueStatus,
  queueActions,
  queueActionTarget,
} from './queue-status';

describe('the queue status machine', () => {
  it('follows the host stand: waiting -> called -> at the desk -> seated -> closed', () => {
    const path: QueueStatus[] = ['live', 'called', 'joined', 'sat', 'closed'];
    for (let i = 0; i + 1 < path.length; i += 1) {
      expect(
        canMoveQueueEntry(path[i] as QueueStatus, path[i + 1] as QueueStatus),
        `${path[i]} -> ${path[i + 1]}`,
      ).toBe(true);
    }
  });

  it('lets a guest be seated at once, or leave, from any waiting status', () => {
    for (const from of ['live', 'called', 'joined'] as const) {
      expect(canMoveQueueEntry(from, 'sat')).toBe(true);
      expect(canMoveQueueEntry(from, 'cancelled')).toBe(true);
    }
    expect(canMoveQueueEntry('reserve', 'cancelled')).toBe(true);
  });

  it('undoes a mistaken call or cancel, but never reopens a closed table', () => {
    expect(canMoveQueueEntry('called', 'live')).toBe(true);
    expect(canMoveQueueEntry('cancelled', 'live')).toBe(true);
    for (const to of QUEUE_STATUSES) expect(canMoveQueueEntry('closed', to)).toBe(false);
  });

  it('refuses moves that skip the guest backwards', () => {
    expect(canMoveQueueEntry('sat', 'live')).toBe(false);
    expect(canMoveQueueEntry('sat', 'cancelled')).toBe(false);
    expect(canMoveQueueEntry('joined', 'called')).toBe(false);
    expect(canMoveQueueEntry('live', 'closed')).toBe(false);
  });

  it('offers the buttons of each status', () => {
    expect(queueActions('live')).toEqual(['call', 'arrived', 'seat', 'cancel']);
    expect(queueActions('called')).toEqual(['arrived', 'seat', 'cancel', 'requeue']);
    expect(queueActions('sat')).toEqual(['close']);
    expect(queueActions('closed')).toEqual([]);
    expect(queueActionTarget('call')).toBe('called');
  });

  it('knows who is still waiting', () => {
    expect(QUEUE_STATUSES.filter(isActiveQueueStatus)).toEqual(['live', 'called', 'joined', 'reserve']);
  });
});
