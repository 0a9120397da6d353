import { describe, expect, it } from 'vitest';
import { ApiError, apiRequest, isNetworkError, toApiError } from './api-client';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers });

describe('the error of an answer', () => {
  it("puts a throttle's Retry-After (seconds) in the error's params as retryAfter", async () => {
    const error = await toApiError(
      answer(429, { error: { code: 'RATE_LIMITED', message: 'wait' } }, { 'retry-after': '840' }),
      '/v2/players/login',
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', params: { retryAfter: '840' } });
  });

  it('leaves the params alone without a Retry-After, or with one that is not seconds', async () => {
    const plain = answer(429, { error: { code: 'RATE_LIMITED', message: 'wait', params: { a: 'b' } } });
    expect(await toApiError(plain, '/v2/x')).toMatchObject({ params: { a: 'b' } });
    const dated = answer(
      429,
      { error: { code: 'RATE_LIMITED', message: 'wait' } },
      { 'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT' },
    );
    expect((await toApiError(dated, '/v2/x')).params).toEqual({});
  });
});

describe('apiRequest', () => {
  it('calls a request that got no answer a network error', async () => {
    // Node's own fetch rejects a page-relative address as a browser's rejects when it is offline: no answer.
    const error = await apiRequest('/v2/x').catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
  });
});
