import { describe, expect, it } from 'vitest';
import {
  HALL_LOAD_RETRIES,
  hallLoadFailureKey,
  hallRetryDelay,
  mentionsDenied,
  retryHallLoad,
} from './hall-loading';
import { ApiError } from './transport';

const denied = new ApiError(403, { detail: 'Недостаточно прав', code: 'permission_denied' });
const deniedInBody = new ApiError(400, { detail: 'Access denied for this device' });
const serverDown = new ApiError(502, 'Bad Gateway');
const offline = new ApiError(400, 'Network Error');

describe('loading tables and groups (spec §8)', () => {
  it('tells a refusal from a failure', () => {
    expect(mentionsDenied(denied)).toBe(true);
    expect(mentionsDenied(deniedInBody)).toBe(true);
    expect(mentionsDenied(new Error('Permission denied'))).toBe(true);
    expect(mentionsDenied(serverDown)).toBe(false);
    expect(mentionsDenied(offline)).toBe(false);
  });

  it('never retries a refusal, and retries anything else ten times', () => {
    expect(retryHallLoad(0, denied)).toBe(false);
    for (let n = 0; n < HALL_LOAD_RETRIES; n += 1) expect(retryHallLoad(n, offline)).toBe(true);
    expect(retryHallLoad(HALL_LOAD_RETRIES, offline)).toBe(false);
    expect(HALL_LOAD_RETRIES).toBe(10);
  });

  it('waits n seconds plus one after n earlier failures', () => {
    expect(hallRetryDelay(0)).toBe(1000);
    expect(hallRetryDelay(1)).toBe(2000);
    expect(hallRetryDelay(5)).toBe(6000);
    expect(hallRetryDelay(10)).toBe(11_000);
  });

  it('says "reload" for a refusal, and which list failed otherwise', () => {
    expect(hallLoadFailureKey('tables', denied)).toBe('errors.tablesDenied');
    expect(hallLoadFailureKey('groups', denied)).toBe('errors.tablesDenied');
    expect(hallLoadFailureKey('tables', offline)).toBe('errors.tables');
    expect(hallLoadFailureKey('groups', serverDown)).toBe('errors.tableGroups');
  });
});
