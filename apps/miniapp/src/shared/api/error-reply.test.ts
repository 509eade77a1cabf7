import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorReply } from './error-reply';
import { refusalCode, refusalDetail } from './refusal';
import { createMemoryTokenStore } from './token-store';
import { ApiError, createApiClient } from './transport';

/** Refusals as the API sends them (its error conventions), read through the real client. */
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createApiClient({
  tokenStore: createMemoryTokenStore({ access: 'a1', refresh: 'r1' }),
  onSessionExpired: vi.fn(),
});

async function refusalOf(reply: () => Response): Promise<ApiError> {
  server.use(http.post('*/api/thing/', reply));
  const error: unknown = await client.post('/api/thing/', {}).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error('the call was not refused');
  return error;
}

const EMPTY: Omit<ErrorReply, 'data'> = { detail: null, code: null, fields: {}, nonField: null };

describe("the client's reading of a refusal", () => {
  it('reads 400 field errors: the first message of each field, and the one not about a field', async () => {
    const body = {
      phone: ['Введите номер телефона', 'Второе сообщение'],
      name: ['Заполните поле'],
      non_field_errors: ['Стол уже занят'],
    };
    const error = await refusalOf(() => HttpResponse.json(body, { status: 400 }));
    expect(error.reply).toEqual({
      ...EMPTY,
      fields: { phone: 'Введите номер телефона', name: 'Заполните поле' },
      nonField: 'Стол уже занят',
      data: body,
    });
    expect(error.isNetworkFailure).toBe(false);
  });

  it('reads detail and code, and keeps what else a refusal names', async () => {
    const body = { detail: 'Стол занят', code: 'table_in_use', queue_entries: [4, 7], bookings: [] };
    const error = await refusalOf(() => HttpResponse.json(body, { status: 409 }));
    expect(error.reply).toEqual({ ...EMPTY, detail: 'Стол занят', code: 'table_in_use', data: body });
    expect([refusalDetail(error), refusalCode(error)]).toEqual(['Стол занят', 'table_in_use']);
  });

  it('ignores what is not a message where a message belongs', async () => {
    const body = { detail: ['not text'], code: 7, seats: [3], token: 'abc' };
    const error = await refusalOf(() => HttpResponse.json(body, { status: 409 }));
    expect(error.reply).toEqual({ ...EMPTY, data: body });
    expect([refusalDetail(error), refusalCode(error)]).toEqual([null, null]);
  });

  it('has no reply to read when the answer is not a JSON object', async () => {
    const page = await refusalOf(() => new HttpResponse('<html>Bad gateway</html>', { status: 502 }));
    const list = await refusalOf(() => HttpResponse.json(['Заполните поле'], { status: 400 }));
    const empty = await refusalOf(() => new HttpResponse(null, { status: 500 }));
    expect([page.reply, list.reply, empty.reply]).toEqual([null, null, null]);
    expect([page.isNetworkFailure, list.isNetworkFailure, empty.isNetworkFailure]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('tells a lost connection from a refusal', async () => {
    const error = await refusalOf(() => HttpResponse.error());
    expect({ status: error.status, reply: error.reply, network: error.isNetworkFailure }).toEqual({
      status: 400,
      reply: null,
      network: true,
    });
    expect(refusalDetail(error)).toBeNull();
  });

  it('reads nothing from what is not a refused call', () => {
    expect([refusalDetail(new Error('boom')), refusalCode('Network Error')]).toEqual([null, null]);
  });
});
