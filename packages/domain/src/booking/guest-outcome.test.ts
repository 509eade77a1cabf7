import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from './booking-status';
import { guestOutcome } from './guest-outcome';

describe('what a guest is told of their booking', () => {
  it('waits for the restaurant while the request is new or on the waiting list', () => {
    expect(guestOutcome('new')).toBe('pending');
    expect(guestOutcome('waiting_list')).toBe('pending');
  });

  it('is cancelled when declined or cancelled, with or without the deposit', () => {
    expect(guestOutcome('declined')).toBe('cancelled');
    expect(guestOutcome('cancelled')).toBe('cancelled');
    expect(guestOutcome('cancelled_without_deposit')).toBe('cancelled');
  });

  it('is confirmed for every other status: confirmed, arriving, seated, finished', () => {
    const confirmed = BOOKING_STATUSES.filter((s) => guestOutcome(s) === 'confirmed');
    expect(confirmed).toEqual(['application', 'closed', 'open', 'waiting']);
  });
});
