import { describe, expect, it } from 'vitest';
import { creditBackoffMs, MAX_CREDIT_ATTEMPTS } from './credit-deposit';

describe('creditBackoffMs', () => {
  it('retries the first failures within seconds and then backs off to 30 minutes', () => {
    const pauses = Array.from({ length: MAX_CREDIT_ATTEMPTS - 1 }, (_, i) => creditBackoffMs(i + 1));
    expect(pauses).toEqual([2_000, 5_000, 15_000, 60_000, 300_000, 600_000, 1_200_000, 1_800_000, 1_800_000]);
    // Three quick tries within the 30 s a player may wait at the QR screen.
    expect(pauses.slice(0, 3).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(30_000);
    // A provider that stays down is not hammered: the whole schedule before FAILED spans over an hour.
    expect(pauses.reduce((a, b) => a + b, 0)).toBeGreaterThan(60 * 60_000);
    expect(creditBackoffMs(0)).toBe(2_000);
    expect(creditBackoffMs(50)).toBe(1_800_000);
  });
});
