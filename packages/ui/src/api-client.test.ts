import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, isNetworkError } from './api-client';

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest errors', () => {
  it("puts a throttle's Retry-After (seconds) in the error's params as retryAfter", async () => {
    answer(429, { error: { code: 'RATE_LIMITED', message: 'wait' } }, { 'retry-after': '840' });
    const error = await apiRequest('/v2/players/login', { method: 'POST', body: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', params: { retryAfter: '840' } });
  });

  it('leaves the params alone without a Retry-After, or with one that is not seconds', async () => {
    answer(429, { error: { code: 'RATE_LIMITED', message: 'wait', params: { a: 'b' } } });
    expect(await apiRequest('/v2/x').catch((e) => e)).toMatchObject({ params: { a: 'b' } });
    answer(
      429,
      { error: { code: 'RATE_LIMITED', message: 'wait' } },
      { 'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT' },
    );
    expect(await apiRequest('/v2/x').catch((e) => e)).toMatchObject({ params: {} });
  });

  it('calls a request that got no answer a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(isNetworkError(await apiRequest('/v2/x').catch((e) => e))).toBe(true);
  });
});
