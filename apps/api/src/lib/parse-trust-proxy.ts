import { isIP } from 'node:net';

/** Fastify's `trustProxy`: off, or the addresses (and CIDR ranges) of the proxies in front. */
export type TrustProxy = false | string[];

// proxy-addr's names for whole ranges (Fastify passes the list to it).
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY → Fastify's `trustProxy`. `false`/`0`/unset: the socket's address; `10.0.0.5,10.1.0.0/16` (or
 * `loopback`, `uniquelocal`, `linklocal`): X-Forwarded-For is walked back from the socket through those
 * proxies only, and the first address that is not one of them is the client. `true` is refused: it believes
 * every hop, so anyone could pick the address the login throttle counts by. A hop count is refused too:
 * Fastify 5 ignores one (it trusts nothing, since a count cannot tell the balancer from a direct client).
 */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { error: string } {
  const text = (raw ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0' || text === 'no') return { value: false };
  if (text === 'true' || text === 'yes') {
    return {
      error:
        'true would trust every X-Forwarded-For hop; give the addresses of the proxies in front (e.g. 10.0.0.5 or 10.0.0.0/24)',
    };
  }
  if (/^\d+$/.test(text)) {
    return { error: 'a hop count cannot tell the load balancer from a direct client; give its addresses' };
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0 || entries.length === 0) {
    return { error: `not an address, CIDR range or hop count: ${bad.join(', ') || raw}` };
  }
  return { value: entries };
}
