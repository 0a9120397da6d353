import { describe, expect, it } from 'vitest';
import { formatDateTime, NOT_AVAILABLE } from './format-date';

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
