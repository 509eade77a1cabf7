import { describe, expect, it } from 'vitest';
import { QUERY_RETRIES, retryQuery } from './query-retry';
import { ApiError } from './transport';

describe('retrying a failed read', () => {
  it('shows a refusal or a missing thing at once', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      expect(retryQuery(0, new ApiError(status, { detail: 'Не найдено' })), String(status)).toBe(false);
    }
  });

  it('tries again what may pass: the network, a timeout, a 429, a server error', () => {
    for (const error of [
      new ApiError(400, 'Network Error'),
      new ApiError(408, 'Error'),
      new ApiError(429, { detail: 'Слишком много запросов' }),
      new ApiError(503, { detail: 'База данных недоступна' }),
      new TypeError('Failed to fetch'),
    ]) {
      expect(retryQuery(0, error)).toBe(true);
      expect(retryQuery(QUERY_RETRIES, error)).toBe(false);
    }
  });
});
