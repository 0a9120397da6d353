/** One limit: at most `max` requests per client address in `windowMs`. */
export type RateLimit = { max: number; windowMs: number };

/** The route kinds of plugins/rate-limit.ts and their limits. */
export type RateLimits = {
  register: RateLimit;
  usernameCheck: RateLimit;
  login: RateLimit;
  publicRead: RateLimit;
  player: RateLimit;
};

/**
 * Environment variable and default of each kind, as `max/window` (window in s, m or h). Many players of a
 * mobile network can share one address (carrier NAT), so the limits stop floods, not families.
 */
export const RATE_LIMIT_ENV = {
  register: ['RATE_LIMIT_REGISTER', '20/10m'],
  usernameCheck: ['RATE_LIMIT_USERNAME_CHECK', '60/1m'],
  login: ['RATE_LIMIT_LOGIN', '30/1m'],
  publicRead: ['RATE_LIMIT_PUBLIC_READ', '300/1m'],
  player: ['RATE_LIMIT_PLAYER', '1200/1m'],
} as const satisfies Record<keyof RateLimits, readonly [string, string]>;

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;
const SPEC = /^(\d{1,9})\/(\d{1,6})(s|m|h)$/;

/** `20/10m` → `{max: 20, windowMs: 600000}`; undefined when the text is not of that form. */
function parseRateLimit(text: string): RateLimit | undefined {
  const match = SPEC.exec(text.trim());
  if (!match) return undefined;
  const [, max, count, unit] = match;
  const windowMs = Number(count) * UNIT_MS[unit as keyof typeof UNIT_MS];
  return Number(max) > 0 && windowMs > 0 ? { max: Number(max), windowMs } : undefined;
}

/** Reads the RATE_LIMIT_* variables (unset or empty → default); problems are appended to `lines`. */
export function loadRateLimits(env: Record<string, string | undefined>, lines: string[]): RateLimits {
  const limits = {} as RateLimits;
  for (const kind of Object.keys(RATE_LIMIT_ENV) as (keyof RateLimits)[]) {
    const [name, fallback] = RATE_LIMIT_ENV[kind];
    const parsed = parseRateLimit(env[name] || fallback);
    if (!parsed) lines.push(`${name}: expected max/window such as ${fallback}`);
    limits[kind] = parsed ?? (parseRateLimit(fallback) as RateLimit);
  }
  return limits;
}
