import { describe, expect, it } from 'vitest';
import { publicParentPath, restaurantIdFromPath, switchRestaurantPath } from './paths';

describe('switching restaurants keeps the screen', () => {
  it.each([
    ['/restaurant/1', '/restaurant/2'],
    ['/restaurant/1/booking/list', '/restaurant/2/booking/list'],
    ['/restaurant/1/settings/users', '/restaurant/2/settings/users'],
    ['/', '/restaurant/2'],
    ['/telegram', '/restaurant/2'],
  ])('%s -> %s', (from, to) => {
    expect(switchRestaurantPath(from, 2)).toBe(to);
  });

  it('reads the restaurant id from a staff path', () => {
    expect(restaurantIdFromPath('/restaurant/12/orders')).toBe(12);
    expect(restaurantIdFromPath('/restaurant/12')).toBe(12);
    expect(restaurantIdFromPath('/restaurants')).toBeNull();
    expect(restaurantIdFromPath('/')).toBeNull();
  });
});

describe('the screen above a Telegram screen opened straight from a bot', () => {
  it.each([
    ['/telegram', '/'],
    ['/telegram/notifications', '/telegram'],
    ['/telegram/restaurant/3/booking/41', '/restaurant/3/booking'],
    ['/guest/1/queue', null],
    ['/login', null],
  ])('%s -> %s', (from, to) => {
    expect(publicParentPath(from)).toBe(to);
  });
});
