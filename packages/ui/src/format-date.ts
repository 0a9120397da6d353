import dayjs from 'dayjs';

/** The one date shape of both apps: day first, as Laos and Thailand write it (never the browser's locale). */
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} HH:mm:ss`;
export const NOT_AVAILABLE = 'N/A';

// Lao time is UTC+7 all year (no daylight saving): the day of reports and order codes.
const LAO_OFFSET_MS = 7 * 60 * 60 * 1000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TYPED_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** Formats an ISO date as `DD/MM/YYYY HH:mm:ss` in local time; `null`, invalid and 0001-01-01 dates show N/A. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return NOT_AVAILABLE;
  if (typeof value === 'string' && value.startsWith('0001-01-01')) return NOT_AVAILABLE;
  const date = dayjs(value);
  if (!date.isValid() || date.year() <= 1) return NOT_AVAILABLE;
  return date.format(DATE_TIME_FORMAT);
}

/** A day as addresses and the API carry it (`YYYY-MM-DD`), shown `DD/MM/YYYY`; '' when it is not one. */
export function formatDay(day: string): string {
  const match = ISO_DAY.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/**
 * A day typed as `DD/MM/YYYY` (one-digit day or month, dots or dashes also taken) as `YYYY-MM-DD`, or null when
 * it is not a day of the calendar (31/04, 29/02 of a common year).
 */
export function parseDay(text: string): string | null {
  const match = TYPED_DAY.exec(text.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

/** Today in Lao time as `YYYY-MM-DD`, whatever the browser's time zone. */
export function laoToday(now: Date = new Date()): string {
  return new Date(now.getTime() + LAO_OFFSET_MS).toISOString().slice(0, 10);
}
