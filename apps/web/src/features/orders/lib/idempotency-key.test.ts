import { describe, expect, it } from 'vitest';
import { idempotencyKeyFor, isUnsettledStatus, newIdempotencyKey } from './idempotency-key';

const make = () => 'new-key';

describe('idempotencyKeyFor', () => {
  it('makes a key for the first submission', () => {
    expect(idempotencyKeyFor(null, '{"a":1}', make)).toBe('new-key');
  });

  it('reuses the key when the same body is retried after an unanswered attempt', () => {
    expect(idempotencyKeyFor({ key: 'k1', body: '{"a":1}', isSettled: false }, '{"a":1}', make)).toBe('k1');
  });

  it('makes a new key for another body or after a definite answer', () => {
    expect(idempotencyKeyFor({ key: 'k1', body: '{"a":1}', isSettled: false }, '{"a":2}', make)).toBe(
      'new-key',
    );
    expect(idempotencyKeyFor({ key: 'k1', body: '{"a":1}', isSettled: true }, '{"a":1}', make)).toBe(
      'new-key',
    );
  });
});

describe('isUnsettledStatus', () => {
  it('treats network failures and 5xx as unknown outcomes', () => {
    expect(isUnsettledStatus(0)).toBe(true);
    expect(isUnsettledStatus(502)).toBe(true);
    expect(isUnsettledStatus(409)).toBe(false);
    expect(isUnsettledStatus(400)).toBe(false);
  });
});

describe('newIdempotencyKey', () => {
  it('is a UUID, different each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
