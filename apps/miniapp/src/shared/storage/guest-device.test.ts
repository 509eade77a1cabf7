import { GuestDeviceKey } from '@stolik/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { guestDeviceKey } from './guest-device';
import { StorageKey } from './local-settings';

describe('the guest device key', () => {
  afterEach(() => window.localStorage.clear());

  it('is made once, kept, and of the shape the API accepts', () => {
    const first = guestDeviceKey();
    expect(GuestDeviceKey.parse(first)).toBe(first);
    expect(window.localStorage.getItem(StorageKey.guestDevice)).toBe(first);
    expect(guestDeviceKey()).toBe(first);
  });

  it('replaces a kept value the API would refuse', () => {
    window.localStorage.setItem(StorageKey.guestDevice, 'not a key');
    const key = guestDeviceKey();
    expect(key).not.toBe('not a key');
    expect(GuestDeviceKey.parse(key)).toBe(key);
  });
});
