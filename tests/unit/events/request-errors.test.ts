import { describe, expect, it } from 'vitest';
import {
  DatabaseTimeoutError,
  DatabaseUnreachableError,
  EventsRequestError,
  retryUnlessTimedOut,
  timeoutMessage,
} from '@/features/events/lib/request-errors';

describe('retryUnlessTimedOut', () => {
  const timeout = new DatabaseTimeoutError(timeoutMessage('Events laden', 15_000));

  it('never retries after the time-out, whatever the app default', () => {
    for (const appDefault of [1, true, undefined, () => true]) {
      expect(retryUnlessTimedOut(appDefault)(0, timeout)).toBe(false);
    }
  });

  it('follows the app default for every other failure', () => {
    const unreachable = new DatabaseUnreachableError('TypeError: Failed to fetch');
    expect(retryUnlessTimedOut(1)(0, unreachable)).toBe(true);
    expect(retryUnlessTimedOut(1)(1, unreachable)).toBe(false);
    expect(retryUnlessTimedOut(false)(0, new EventsRequestError('bad'))).toBe(false);
    expect(retryUnlessTimedOut(undefined)(2, unreachable)).toBe(true);
    expect(retryUnlessTimedOut(undefined)(3, unreachable)).toBe(false);
  });

  it('names the operation and the seconds', () => {
    expect(timeout.message).toBe('Events laden ist nach 15 Sekunden abgelaufen');
    expect(timeout).toBeInstanceOf(DatabaseUnreachableError);
  });
});
