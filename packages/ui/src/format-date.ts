import dayjs from 'dayjs';

export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm:ss';
export const NOT_AVAILABLE = 'N/A';

/** Formats an ISO date as `DD/MM/YYYY HH:mm:ss` in local time; `null`, invalid and 0001-01-01 dates show N/A. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return NOT_AVAILABLE;
  if (typeof value === 'string' && value.startsWith('0001-01-01')) return NOT_AVAILABLE;
  const date = dayjs(value);
  if (!date.isValid() || date.year() <= 1) return NOT_AVAILABLE;
  return date.format(DATE_TIME_FORMAT);
}
