import { describe, expect, it } from 'vitest';
import { type CallbackAction, callbackData, parseCallbackData } from './callback-data';

describe('button data', () => {
  const actions: CallbackAction[] = [
    { kind: 'settings-list' },
    { kind: 'settings-restaurant', restaurant: 12 },
    { kind: 'settings-toggle', restaurant: 12, type: 'queue', status: 'live' },
    { kind: 'settings-toggle', restaurant: 3, type: 'booking', status: 'application' },
    { kind: 'settings-done' },
    { kind: 'noop' },
    { kind: 'booking-confirm', booking: 2_147_483_647 },
    { kind: 'booking-decline', booking: 5 },
    { kind: 'queue-call', entry: 77 },
    { kind: 'guest-queue', entry: 9, answer: 'coming' },
    { kind: 'guest-queue', entry: 9, answer: 'cancel' },
    { kind: 'guest-booking', booking: 4, answer: 'coming' },
    { kind: 'guest-booking', booking: 4, answer: 'cancel' },
  ];

  it('reads back every button it makes, within Telegram’s 64 bytes', () => {
    for (const action of actions) {
      const data = callbackData(action);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
      expect(parseCallbackData(data)).toEqual(action);
    }
  });

  it('refuses data it never makes: other statuses, bad ids, extra parts', () => {
    for (const data of [
      'n:t:1:q:closed',
      'n:t:1:b:live',
      'n:t:0:q:live',
      'b:a:-1',
      'b:a:99999999999',
      'b:a:1:2',
      'q:x:1',
      'g:q:maybe:1',
      'x',
      '',
    ]) {
      expect(parseCallbackData(data)).toBeNull();
    }
  });
});
