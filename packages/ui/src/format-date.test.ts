import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, laoToday, NOT_AVAILABLE, parseDay } from './format-date';

describe('formatDateTime', () => {
  it('shows N/A for missing and zero dates', () => {
    expect(formatDateTime(null)).toBe(NOT_AVAILABLE);
    expect(formatDateTime(undefined)).toBe(NOT_AVAILABLE);
    expect(formatDateTime('')).toBe(NOT_AVAILABLE);
    expect(formatDateTime('0001-01-01T00:00:00Z')).toBe(NOT_AVAILABLE);
    expect(formatDateTime('0001-01-01')).toBe(NOT_AVAILABLE);
    expect(formatDateTime('not a date')).toBe(NOT_AVAILABLE);
  });

  it('formats as DD/MM/YYYY HH:mm:ss in local time', () => {
    expect(formatDateTime(new Date(2026, 10, 1, 7, 5, 9))).toBe('01/11/2026 07:05:09');
    const iso = new Date(2025, 0, 31, 23, 59, 58).toISOString();
    expect(formatDateTime(iso)).toBe('31/01/2025 23:59:58');
  });
});

describe('days: DD/MM/YYYY on screen, YYYY-MM-DD in addresses and the API', () => {
  it('shows a day as DD/MM/YYYY', () => {
    expect(formatDay('2026-11-01')).toBe('01/11/2026');
    expect(formatDay('not a day')).toBe('');
  });

  it('reads a typed DD/MM/YYYY (also D/M/YYYY, dots or dashes) and refuses days that do not exist', () => {
    expect(parseDay('01/11/2026')).toBe('2026-11-01');
    expect(parseDay(' 1.2.2026 ')).toBe('2026-02-01');
    expect(parseDay('29-02-2028')).toBe('2028-02-29');
    for (const bad of ['29/02/2026', '31/04/2026', '2026-11-01', '11/2026', '', '00/01/2026']) {
      expect(parseDay(bad), bad).toBeNull();
    }
  });

  it("today in Lao time (UTC+7, no daylight saving), whatever the browser's zone", () => {
    expect(laoToday(new Date('2026-11-29T16:59:59Z'))).toBe('2026-11-29');
    expect(laoToday(new Date('2026-11-29T17:00:00Z'))).toBe('2026-11-30');
  });
});
