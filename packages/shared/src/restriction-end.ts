const DAY_MS = 24 * 60 * 60_000;

/** `now` plus whole calendar months in UTC (6 months from 31 Aug ends on 28/29 Feb, the month's last day). */
export function addMonths(now: Date, months: number): Date {
  const end = new Date(now.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * When a time-out of `days` or a self-exclusion of `months` started at `now` ends (api.md): the API stores it,
 * the web app shows it in the confirmation before the player commits.
 */
export function restrictionEnd(input: { days: number } | { months: number }, now: Date): Date {
  return 'days' in input ? new Date(now.getTime() + input.days * DAY_MS) : addMonths(now, input.months);
}
