import { describe, expect, it } from 'vitest';
import { installAvailability } from './install-availability';

const base = {
  inTelegram: false,
  runsInstalled: false,
  installedNow: false,
  host: 'stolik.example.com',
  installHost: 'stolik.example.com',
  hasOffer: true,
};

describe('what the app offers about installing itself', () => {
  it('offers the one-button install on the main host when the browser made its offer', () => {
    expect(installAvailability(base)).toBe('offer');
    expect(installAvailability({ ...base, host: 'STOLIK.example.com' })).toBe('offer');
    expect(installAvailability({ ...base, installHost: null, host: 'anything:3000' })).toBe('offer');
  });

  it('explains the steps by hand when the browser makes no offer (Safari)', () => {
    expect(installAvailability({ ...base, hasOffer: false })).toBe('manual');
  });

  it('never offers inside Telegram, nor when already installed, nor off the main host', () => {
    expect(installAvailability({ ...base, inTelegram: true, runsInstalled: true })).toBe('telegram');
    expect(installAvailability({ ...base, runsInstalled: true })).toBe('installed');
    expect(installAvailability({ ...base, installedNow: true })).toBe('installed');
    expect(installAvailability({ ...base, host: 'test.example.com' })).toBe('elsewhere');
    expect(installAvailability({ ...base, host: 'stolik.example.com:8080' })).toBe('elsewhere');
  });
});
