// Lao time is UTC+7 all year (no daylight saving), as in order codes (deposit-code.ts laoDay).
const LAO_OFFSET = '+07:00';

/** The instants a Lao calendar day (`YYYY-MM-DD`, Asia/Vientiane) runs between: `from` ≤ t < `to`. */
export function laoDayRange(date: string): { from: Date; to: Date } {
  const from = new Date(`${date}T00:00:00${LAO_OFFSET}`);
  if (Number.isNaN(from.getTime())) throw new Error(`not a date: ${date}`);
  return { from, to: new Date(from.getTime() + 24 * 60 * 60 * 1000) };
}
