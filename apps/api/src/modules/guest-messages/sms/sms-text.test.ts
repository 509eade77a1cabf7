import { RESTAURANT_LIMITS } from '@stolik/contracts';
import { describe, expect, it } from 'vitest';
import { SMS_KINDS, smsLink, smsSegments, smsText } from './sms-text';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv_-';
/** The longest host (with any path) for which every kind stays one segment: see smsText. */
const HOST_24 = 'stolik.restoran-gorod.ru';

const NAMES = [
  '',
  'Ми',
  'Хинкальная',
  'Ресторан «Белый кролик» на Смоленской площади',
  'Кафе   с\nпереносом  строки ',
  'Сытый Гусь 🍗🍗🍗 и друзья',
  'Bistro Le Petit Chef de Paris',
  'Ж'.repeat(RESTAURANT_LIMITS.name),
  '🍕'.repeat(RESTAURANT_LIMITS.name),
];

describe('smsLink', () => {
  it('is the host and path of PUBLIC_URL without its scheme, then /q/ or /b/ and the token', () => {
    expect(smsLink('https://stolik.example.ru/', { kind: 'queue', token: TOKEN })).toBe(
      `stolik.example.ru/q/${TOKEN}`,
    );
    expect(smsLink('http://example.ru/stolik', { kind: 'booking', token: TOKEN })).toBe(
      `example.ru/stolik/b/${TOKEN}`,
    );
  });
});

describe('smsText', () => {
  it('counts segments as a phone does: 70 Cyrillic characters are one, 71 are two', () => {
    expect(smsSegments('Ж'.repeat(70))).toBe(1);
    expect(smsSegments('Ж'.repeat(71))).toBe(2);
    expect(smsSegments('x'.repeat(160))).toBe(1);
  });

  for (const kind of SMS_KINDS) {
    it(`${kind}: one segment with the link for every name up to the longest, hosts up to 24 characters`, () => {
      for (const host of ['s.ru', 'stolik.example.ru', HOST_24]) {
        const link = smsLink(`https://${host}`, {
          kind: kind === 'called' ? 'queue' : 'booking',
          token: TOKEN,
        });
        for (const restaurantName of NAMES) {
          const { text, segments } = smsText(kind, { restaurantName }, link);
          expect(segments, `${host} ${restaurantName}: ${text}`).toBe(1);
          expect(smsSegments(text)).toBe(1);
          expect(text.endsWith(` ${link}`), text).toBe(true);
          expect(text).not.toContain('\n');
          expect(text).not.toContain('{{');
        }
      }
    });
  }

  it('keeps a short name whole, shortens a long one with an ellipsis, or leaves it out', () => {
    const link = smsLink('https://s.ru', { kind: 'queue', token: TOKEN });
    expect(smsText('called', { restaurantName: 'Хинкальная' }, link).text).toBe(
      `Хинкальная: столик готов! ${link}`,
    );
    const long = smsText('called', { restaurantName: 'Ресторан «Белый кролик» на Смоленской площади' }, link);
    expect(long.text).toMatch(/^Ресторан «Белый[^:]*…: столик готов! /);
    expect(long.text.length).toBeLessThanOrEqual(70);
    // No room for even a few letters of the name: the form without it.
    const tight = smsLink(`https://${HOST_24}`, { kind: 'booking', token: TOKEN });
    expect(smsText('booking_confirmed', { restaurantName: 'Хинкальная' }, tight).text).toBe(
      `Бронь подтверждена ${tight}`,
    );
    // A name of emoji is cut between characters, never inside one (no lone surrogate).
    const emoji = smsText('called', { restaurantName: '🍕'.repeat(40) }, link).text;
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(emoji).toContain('🍕…');
  });

  it('past a 24-character host the shortest form goes in two segments, the link whole', () => {
    const host = 'stolik.restorannaya-gruppa-vostok.moscow';
    for (const kind of SMS_KINDS) {
      const link = smsLink(`https://${host}`, { kind: 'queue', token: TOKEN });
      const { text, segments } = smsText(kind, { restaurantName: 'Хинкальная' }, link);
      expect(segments).toBe(2);
      expect(text.endsWith(link)).toBe(true);
    }
  });
});
