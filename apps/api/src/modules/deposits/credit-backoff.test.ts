import { describe, expect, it } from 'vitest';
import { creditBackoffMs, MAX_CREDIT_ATTEMPTS } from './credit-deposit';

describe('creditBackoffMs', () => {
  it('retries the first failures within seconds and then backs off to 30 minutes', () => {
    const pauses = Array.from({ length: MAX_CREDIT_ATTEMPTS - 1 }, (_, i) => creditBackoffMs(i + 1));
    expect(pauses).toEqual([1_000, 2_000, 5_000, 10_000, 30_000, 120_000, 600_000, 1_200_000, 1_800_000]);
    // Five tries within 18 s of pauses: a deposit that meets four one-off faults in a row waits for those and
    // its tries' time-outs (34 s in the one case measured), not for a 1 min pause after the 4th (decision 0060).
    expect(pauses.slice(0, 4).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(18_000);
    // A provider that stays down is not hammered: the whole schedule before FAILED spans over an hour.
    expect(pauses.reduce((a, b) => a + b, 0)).toBeGreaterThan(60 * 60_000);
    expect(creditBackoffMs(0)).toBe(1_000);
    expect(creditBackoffMs(50)).toBe(1_800_000);
  });
});
