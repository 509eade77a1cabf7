import { describe, expect, it } from 'vitest';
import { openButton, startAppUrl } from './mini-app-button';

const app = { botUsername: 'stolik_bot', shortName: 'app' };

describe('buttons that open the Mini App', () => {
  it('spell the start parameters the Mini App parses', () => {
    expect(startAppUrl(app, { kind: 'queue', restaurant: 3 })).toBe(
      'https://t.me/stolik_bot/app?startapp=queue_3',
    );
    expect(startAppUrl(app, { kind: 'booking', restaurant: 3 })).toBe(
      'https://t.me/stolik_bot/app?startapp=booking_3',
    );
    expect(startAppUrl(app, { kind: 'booking-card', restaurant: 3, booking: 41 })).toBe(
      'https://t.me/stolik_bot/app?startapp=b_3_41',
    );
  });

  it('use the startapp link where the Mini App has a short name and the screen a start parameter', () => {
    const target = { kind: 'booking-card', restaurant: 3, booking: 41 } as const;
    const path = '/telegram/restaurant/3/booking/41';
    expect(openButton('Открыть', { publicUrl: 'https://stolik.test', miniApp: app }, path, target)).toEqual({
      text: 'Открыть',
      url: 'https://t.me/stolik_bot/app?startapp=b_3_41',
    });
    // No short name: the page itself, as a web_app button.
    expect(
      openButton('Открыть', { publicUrl: 'https://stolik.test', miniApp: undefined }, path, target),
    ).toEqual({ text: 'Открыть', web_app: { url: 'https://stolik.test/telegram/restaurant/3/booking/41' } });
    // A screen without a start parameter: the page, whatever is configured.
    expect(
      openButton('Очередь', { publicUrl: 'https://stolik.test', miniApp: app }, '/restaurant/3'),
    ).toEqual({
      text: 'Очередь',
      web_app: { url: 'https://stolik.test/restaurant/3' },
    });
    expect(openButton('Очередь', { publicUrl: undefined, miniApp: app }, '/restaurant/3')).toBeNull();
  });
});
