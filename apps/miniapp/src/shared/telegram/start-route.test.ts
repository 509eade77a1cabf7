import { afterEach, describe, expect, it } from 'vitest';
import { followStartParam, startRoute } from './start-route';

describe('the screen a Mini App launch opens by its start parameter', () => {
  it('opens the guest forms and a booking card', () => {
    expect(startRoute('queue_4')).toBe('/guest/4/queue');
    expect(startRoute('booking_4')).toBe('/guest/4/booking');
    expect(startRoute('b_4_1200')).toBe('/telegram/restaurant/4/booking/1200');
  });

  it('opens nothing for no parameter or one it does not know', () => {
    expect(startRoute(null)).toBeNull();
    expect(startRoute('settings')).toBeNull();
    expect(startRoute('queue_../../login')).toBeNull();
  });
});

describe('following the start parameter', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
    };
  };
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('goes there once per launch, keeping the launch fragment; a reload stays where the person went', () => {
    const storage = memory();
    window.history.replaceState(null, '', '/#tgWebAppData=signed');
    followStartParam('queue_4', 'user=1&hash=first', storage);
    expect(`${window.location.pathname}${window.location.hash}`).toBe('/guest/4/queue#tgWebAppData=signed');

    window.history.replaceState(null, '', '/guest/queue/abc');
    followStartParam('queue_4', 'user=1&hash=first', storage); // the same launch, reloaded
    expect(window.location.pathname).toBe('/guest/queue/abc');

    followStartParam('queue_4', 'user=1&hash=second', storage); // opened again from the link
    expect(window.location.pathname).toBe('/guest/4/queue');
  });

  it('leaves the address alone without a parameter it knows', () => {
    window.history.replaceState(null, '', '/telegram');
    followStartParam('nonsense', 'hash=x', memory());
    followStartParam(null, 'hash=x', memory());
    expect(window.location.pathname).toBe('/telegram');
  });
});
