import { ApiError } from '@lc/ui/api-client';
import { describe, expect, it } from 'vitest';
import { reportCallOutcome } from './network-status';
import { retryDelay, shouldRedirectToLogin, shouldRetry } from './query-client';

const error = (status: number, code: string, path: string) =>
  new ApiError({ status, code, message: code, path });

describe('query client policy', () => {
  it('redirects a lost session to /login except on player info and agency info', () => {
    expect(shouldRedirectToLogin(error(401, 'UNAUTHORIZED', '/v2/players/credits/alphabet'))).toBe(true);
    expect(shouldRedirectToLogin(error(401, 'UNAUTHORIZED', '/v2/players/info'))).toBe(false);
    expect(shouldRedirectToLogin(error(401, 'UNAUTHORIZED', '/v2/agency/info'))).toBe(false);
    expect(shouldRedirectToLogin(error(401, 'INVALID_CREDENTIALS', '/v2/players/login'))).toBe(false);
    expect(shouldRedirectToLogin(error(403, 'CSRF', '/v2/deposits'))).toBe(false);
  });

  it('retries 5xx and network failures 3 times but never a 4xx', () => {
    expect(shouldRetry(0, error(500, 'INTERNAL', '/x'))).toBe(true);
    expect(shouldRetry(2, error(0, 'NETWORK_ERROR', '/x'))).toBe(true);
    expect(shouldRetry(3, error(503, 'PROVIDER_UNAVAILABLE', '/x'))).toBe(false);
    expect(shouldRetry(0, error(404, 'NOT_FOUND', '/x'))).toBe(false);
  });

  it('does not retry a network failure while offline: the screen says so at once, the return of the network retries', () => {
    const networkError = error(0, 'NETWORK_ERROR', '/x');
    reportCallOutcome(networkError);
    expect(shouldRetry(0, networkError)).toBe(false);
    // A server error is still retried: the network answered.
    expect(shouldRetry(0, error(503, 'PROVIDER_UNAVAILABLE', '/x'))).toBe(true);
    reportCallOutcome(undefined);
    expect(shouldRetry(0, networkError)).toBe(true);
  });

  it('backs off exponentially up to 30 s', () => {
    expect(retryDelay(0)).toBe(1000);
    expect(retryDelay(1)).toBe(2000);
    expect(retryDelay(4)).toBe(16_000);
    expect(retryDelay(5)).toBe(30_000);
    expect(retryDelay(10)).toBe(30_000);
  });
});
