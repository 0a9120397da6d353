import { describe, expect, it } from 'vitest';
import { nextRealityCheckAt, readRealityCheck } from './reality-check-setting';

const storageWith = (value: string | null) => ({ getItem: () => value });

describe('readRealityCheck', () => {
  it('is off by default and for anything but 30 or 60', () => {
    for (const value of [null, '', '15', 'abc', '30.5', '-30'])
      expect(readRealityCheck(storageWith(value))).toBe(0);
    expect(readRealityCheck(storageWith('30'))).toBe(30);
    expect(readRealityCheck(storageWith('60'))).toBe(60);
  });

  it('is off when storage throws', () => {
    expect(
      readRealityCheck({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe(0);
  });
});

describe('nextRealityCheckAt', () => {
  const start = Date.parse('2026-01-15T08:00:00.000Z');
  const min = 60_000;

  it('is due at each whole interval after sign-in', () => {
    expect(nextRealityCheckAt(start, 30, start)).toBe(start + 30 * min);
    expect(nextRealityCheckAt(start, 30, start + 29 * min)).toBe(start + 30 * min);
    expect(nextRealityCheckAt(start, 60, start + 61 * min)).toBe(start + 120 * min);
  });

  it('never answers the moment just shown again', () => {
    expect(nextRealityCheckAt(start, 30, start + 30 * min)).toBe(start + 60 * min);
  });
});
