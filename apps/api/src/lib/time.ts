/** The clock the app reads; tests inject a movable one (`buildApp(config, { now })`). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** ISO-8601 UTC string, or null for a missing date (api.md). */
export function toIso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
