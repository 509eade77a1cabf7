import { describe, expect, it } from 'vitest';
import { passwordProblem } from './passwords';

describe('staff passwords', () => {
  it('needs 8 to 128 characters', () => {
    expect(passwordProblem('Ab3$xyz')).toBe('tooShort');
    expect(passwordProblem('Ab3$xyzw')).toBeNull();
    expect(passwordProblem(`${'a'.repeat(64)}${'B'.repeat(64)}c`)).toBe('tooLong');
  });

  it('refuses the passwords everybody tries first', () => {
    for (const weak of [
      '12345678',
      'password',
      'Password',
      'qwerty123',
      '99999999999',
      'aaaaaaaa',
      'abababab',
    ]) {
      expect(passwordProblem(weak), weak).toBe('tooSimple');
    }
  });

  it('refuses a password made of the e-mail', () => {
    expect(passwordProblem('marina.k2026', ['marina.k@example.com'])).toBe('tooSimple');
    expect(passwordProblem('tram-line-42', ['marina.k@example.com'])).toBeNull();
  });
});
