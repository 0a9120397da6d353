/** Max length of a free-text search parameter such as a game tab id. */
const MAX_TEXT_PARAM = 64;

/**
 * A short text search parameter, or undefined when absent or malformed. The router parses `?tab=1` as a
 * number, so numbers are accepted as text. Hand-written instead of zod to keep zod out of the route tree
 * that every page loads (initial bundle budget).
 */
export function textParam(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_TEXT_PARAM ? trimmed : undefined;
}
