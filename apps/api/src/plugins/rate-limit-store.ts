import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { preparedSql } from '../db/prepared-statement';
import { rowsOf } from '../db/rows-of';
import type { Clock } from '../lib/time';

// One statement counts the request and answers the count: the row lock of ON CONFLICT DO UPDATE makes
// parallel requests of one key (in any process) count one after the other, never two at the same number.
const countHit = preparedSql(
  'rate_limit_count_hit',
  sql`INSERT INTO rate_limit_hits AS h (key, hits, reset_at)
      VALUES (${sql.placeholder('key')}, 1,
              ${sql.placeholder('now')}::timestamptz + ${sql.placeholder('windowMs')}::int * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN h.reset_at <= ${sql.placeholder('now')}::timestamptz THEN 1 ELSE h.hits + 1 END,
        reset_at = CASE WHEN h.reset_at <= ${sql.placeholder('now')}::timestamptz
                        THEN EXCLUDED.reset_at ELSE h.reset_at END
      RETURNING h.hits,
        ceil(extract(epoch FROM h.reset_at - ${sql.placeholder('now')}::timestamptz) * 1000)::int AS ttl_ms`,
);

// Expired rows are deleted now and then (every this many counts per process), not on every request.
const PRUNE_EVERY = 1000;
// Keys a process counts in memory at most: past it, the key whose window started first goes (a flood of new
// addresses cannot grow the map without bound; a key dropped early only starts its window again).
const LOCAL_KEYS_MAX = 100_000;

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;
type Shared = {
  db: Db;
  now: Clock;
  log: FastifyBaseLogger;
  counted: number;
  local: Map<string, { hits: number; resetAt: number }>;
  isCountedTogether: (method: string, url: string) => boolean;
};

/** Counts in the database, so every API process counts together (login, registration, username checks). */
function countInDatabase(shared: Shared, key: string, windowMs: number, callback: Callback): void {
  const { db, now } = shared;
  shared.counted += 1;
  if (shared.counted % PRUNE_EVERY === 0) {
    void db
      .execute(sql`DELETE FROM rate_limit_hits WHERE reset_at < ${now().toISOString()}::timestamptz`)
      .catch(() => undefined);
  }
  countHit(db, { key, now: now().toISOString(), windowMs })
    .then((result) => {
      const [row] = rowsOf<{ hits: number; ttl_ms: number }>(result);
      if (!row) throw new Error('rate limit count returned no row');
      callback(null, { current: row.hits, ttl: Math.max(row.ttl_ms, 0) });
    })
    .catch((error: unknown) => {
      shared.log.warn({ err: error }, 'rate limit count failed');
      callback(error instanceof Error ? error : new Error(String(error)));
    });
}

/** Counts in this process's memory: no database write on the hot path (decision 0029). */
function countInProcess(shared: Shared, key: string, windowMs: number, callback: Callback): void {
  const nowMs = shared.now().getTime();
  const { local } = shared;
  let entry = local.get(key);
  if (!entry || entry.resetAt <= nowMs) {
    // Deleted and set again, so the map's order stays the order in which windows started.
    if (entry) local.delete(key);
    else if (local.size >= LOCAL_KEYS_MAX) {
      const first = local.keys().next().value;
      if (first !== undefined) local.delete(first);
    }
    entry = { hits: 0, resetAt: nowMs + windowMs };
    local.set(key, entry);
  }
  entry.hits += 1;
  callback(null, { current: entry.hits, ttl: entry.resetAt - nowMs });
}

/** Counts under `prefix` + the client's key; `child` gives each route its own prefix and way of counting. */
class RateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: Shared,
    private readonly prefix: string,
    private readonly isCountedTogether: boolean,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    const count = this.isCountedTogether ? countInDatabase : countInProcess;
    count(this.shared, `${this.prefix}${key}`, timeWindow, callback);
  }

  // The library passes the route's merged limit options, the route itself under `routeInfo` (as its own
  // Redis store reads it; its type declaration says otherwise).
  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const { method, url } = (options as unknown as { routeInfo: { method: unknown; url?: string } })
      .routeInfo;
    const route = { method: String(method), url: url ?? '' };
    return new RateLimitStore(
      this.shared,
      `${route.method} ${route.url}:`,
      this.shared.isCountedTogether(route.method, route.url),
    );
  }
}

/**
 * A @fastify/rate-limit store on the app's clock. Routes for which `isCountedTogether` holds count in the
 * PostgreSQL (or PGlite) database, so every API process counts together: fixed windows that start with a
 * key's first request, as the library's own stores count. Every other route counts in this process's
 * memory, the same way.
 */
export function rateLimitStore(
  db: Db,
  now: Clock,
  log: FastifyBaseLogger,
  isCountedTogether: (method: string, url: string) => boolean,
): FastifyRateLimitStoreCtor {
  const shared: Shared = { db, now, log, counted: 0, local: new Map(), isCountedTogether };
  return class extends RateLimitStore {
    constructor() {
      super(shared, 'player:', false);
    }
  };
}
