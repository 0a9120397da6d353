import { describe, expect, it } from 'vitest';
import { addMonths, restrictionEnd } from './restriction-end';

describe('addMonths', () => {
  it('adds calendar months in UTC and keeps the day, or the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-01-15T08:00:00.000Z'), 6).toISOString()).toBe('2026-07-15T08:00:00.000Z');
    expect(addMonths(new Date('2026-08-31T23:30:00.000Z'), 6).toISOString()).toBe('2027-02-28T23:30:00.000Z');
    expect(addMonths(new Date('2027-08-31T00:00:00.000Z'), 6).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(new Date('2026-03-31T12:00:00.000Z'), 60).toISOString()).toBe(
      '2031-03-31T12:00:00.000Z',
    );
    expect(addMonths(new Date('2026-12-15T00:00:00.000Z'), 12).toISOString()).toBe(
      '2027-12-15T00:00:00.000Z',
    );
  });
});

describe('restrictionEnd', () => {
  it('counts days as 24 h each and months as calendar months', () => {
    const now = new Date('2026-01-31T10:00:00.000Z');
    expect(restrictionEnd({ days: 42 }, now).toISOString()).toBe('2026-03-14T10:00:00.000Z');
    expect(restrictionEnd({ months: 12 }, now).toISOString()).toBe('2027-01-31T10:00:00.000Z');
  });
});
