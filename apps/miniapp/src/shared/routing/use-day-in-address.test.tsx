import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useDayInAddress } from './use-day-in-address';

const ZONE = 'Europe/Moscow'; // UTC+3 all year; the service day starts at 06:00 there.
const BEFORE_EDGE = Date.parse('2026-03-05T02:30:00Z'); // 05:30 on the 5th: still the 4th's service day
const AFTER_EDGE = Date.parse('2026-03-05T03:00:00Z'); // 06:00 on the 5th: the 5th's service day

function renderAt(route: string, now = AFTER_EDGE) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
  );
  return renderHook(
    ({ at }: { at: number }) => ({
      day: useDayInAddress(ZONE, at),
      location: useLocation(),
      navigation: useNavigationType(),
    }),
    { wrapper, initialProps: { at: now } },
  );
}

describe('the day in the address', () => {
  it('is the date the address asks for', () => {
    const { result } = renderAt('/orders?date=2026-02-14');
    expect(result.current.day.date).toBe('2026-02-14');
    expect(result.current.day.today).toBe('2026-03-05');
  });

  it("is the restaurant's service day now without a date, or with one that is not a day", () => {
    expect(renderAt('/orders', BEFORE_EDGE).result.current.day.date).toBe('2026-03-04');
    expect(renderAt('/orders?date=2026-02-30').result.current.day.date).toBe('2026-03-05');
    expect(renderAt('/orders?date=tomorrow').result.current.day.date).toBe('2026-03-05');
  });

  it('follows the clock past the edge of the service day unless the address pins a day', () => {
    const free = renderAt('/orders', BEFORE_EDGE);
    expect(free.result.current.day.date).toBe('2026-03-04');
    free.rerender({ at: AFTER_EDGE });
    expect(free.result.current.day).toMatchObject({ date: '2026-03-05', today: '2026-03-05' });

    const pinned = renderAt('/orders?date=2026-03-04', BEFORE_EDGE);
    pinned.rerender({ at: AFTER_EDGE });
    expect(pinned.result.current.day).toMatchObject({ date: '2026-03-04', today: '2026-03-05' });
  });

  it('is set in place of the current entry, keeping the other parameters', () => {
    const { result } = renderAt('/booking?zone=2&date=2026-03-01');
    expect(result.current.navigation).toBe('POP');
    act(() => result.current.day.setDate('2026-03-07'));
    expect(result.current.day.date).toBe('2026-03-07');
    expect(result.current.location.pathname).toBe('/booking');
    expect(new URLSearchParams(result.current.location.search).get('zone')).toBe('2');
    expect(new URLSearchParams(result.current.location.search).get('date')).toBe('2026-03-07');
    expect(result.current.navigation).toBe('REPLACE');
  });
});
