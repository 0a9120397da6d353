import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsUntil } from './countdown';

describe('formatCountdown', () => {
  it('writes mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(60)).toBe('01:00');
    expect(formatCountdown(899)).toBe('14:59');
    expect(formatCountdown(4500)).toBe('75:00');
  });

  it('never shows a negative or fractional time', () => {
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(59.9)).toBe('00:59');
  });
});

describe('secondsUntil', () => {
  const now = Date.parse('2026-01-01T10:00:00.000Z');

  it('counts whole seconds down to zero', () => {
    expect(secondsUntil('2026-01-01T10:15:00.000Z', now)).toBe(900);
    expect(secondsUntil('2026-01-01T10:00:00.999Z', now)).toBe(0);
    expect(secondsUntil('2026-01-01T09:59:00.000Z', now)).toBe(0);
  });

  it('has no countdown without a valid expiry', () => {
    expect(secondsUntil(null, now)).toBeNull();
    expect(secondsUntil('', now)).toBeNull();
    expect(secondsUntil('soon', now)).toBeNull();
  });
});
