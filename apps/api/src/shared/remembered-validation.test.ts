import { BookingListQuery } from '@stolik/contracts';
import { describe, expect, it } from 'vitest';
import { rememberedValidatorCompiler } from './remembered-validation';

const compile = (httpPart: string) =>
  rememberedValidatorCompiler({ schema: BookingListQuery, method: 'GET', url: '/api/booking/', httpPart });

describe('a hot read query, parsed once per address', () => {
  it("gives the contract's value for an address, the same each time it comes again, and nobody can change it", () => {
    const validate = compile('querystring');
    const query = { restaurant_id: '1', start_date: '2026-11-26', status: 'new,open', page_size: '500' };
    const first = validate({ ...query });
    expect(first.error).toBeUndefined();
    expect(first.value).toEqual({
      restaurant_id: 1,
      start_date: '2026-11-26',
      status: ['new', 'open'],
      page: 1,
      page_size: 500,
    });
    const again = validate({ ...query });
    expect(again.value).toBe(first.value);
    expect(Object.isFrozen(again.value)).toBe(true);
    expect(() => {
      (again.value as { status: string[] }).status.push('closed');
    }).toThrow(TypeError);
    // Another address, another value.
    expect(validate({ ...query, page: '2' }).value).toMatchObject({ page: 2 });
    expect(validate({ ...query }).value).toEqual(first.value);
  });

  it('refuses a bad address every time it comes, with its errors', () => {
    const validate = compile('querystring');
    for (let i = 0; i < 3; i++) {
      const result = validate({ restaurant_id: '1', page_size: '501' });
      expect(result.error).toBeDefined();
      expect(result.value).toBeUndefined();
    }
    expect(validate({ restaurant_id: '1' }).error).toBeUndefined();
  });

  it('still parses every address once more than it keeps, the same as before', () => {
    const validate = compile('querystring');
    for (let page = 1; page <= 600; page++) {
      expect(validate({ restaurant_id: '1', page: String(page) }).value).toMatchObject({ page });
    }
    expect(validate({ restaurant_id: '1', page: '1' }).value).toMatchObject({ page: 1 });
  });

  it('leaves a body to the plain validator: nothing of it is remembered', () => {
    const validate = compile('body');
    const body = { restaurant_id: '1' };
    const first = validate(body);
    expect(first.value).toEqual({ restaurant_id: 1, page: 1, page_size: 100 });
    expect(validate(body).value).not.toBe(first.value);
    expect(Object.isFrozen(first.value)).toBe(false);
  });
});
