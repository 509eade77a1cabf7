import { describe, expect, it } from 'vitest';
import { parseStartParam, type StartTarget, startParamFor } from './start-param';

describe('the Mini App start parameter', () => {
  it('names the guest forms and a booking card, and reads back what it wrote', () => {
    const targets: StartTarget[] = [
      { kind: 'queue', restaurant: 12 },
      { kind: 'booking', restaurant: 3 },
      { kind: 'booking-card', restaurant: 1, booking: 4567 },
    ];
    expect(targets.map(startParamFor)).toEqual(['queue_12', 'booking_3', 'b_1_4567']);
    for (const target of targets) expect(parseStartParam(startParamFor(target))).toEqual(target);
  });

  it('uses only what Telegram allows in a start parameter', () => {
    expect(startParamFor({ kind: 'booking-card', restaurant: 99, booking: 123456 })).toMatch(/^[\w-]{1,64}$/);
  });

  it('ignores anything else: unknown, malformed, zero, negative or too large ids', () => {
    for (const param of [
      null,
      undefined,
      '',
      'queue',
      'queue_',
      'queue_0',
      'queue_012',
      'queue_-1',
      'queue_1_2',
      'booking_1x',
      'b_1',
      'b_1_',
      'b_1_2_3',
      'QUEUE_1',
      'queue_99999999999999999',
      'settings_1',
    ]) {
      expect(parseStartParam(param), String(param)).toBeNull();
    }
  });
});
