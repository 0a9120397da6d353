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

type Shared = { db: Db; now: Clock; log: FastifyBaseLogger; counted: number };

/** Counts under `prefix` + the client's key; `child` gives each route kind its own prefix. */
class PostgresRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: Shared,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const { db, now } = this.shared;
    this.shared.counted += 1;
    if (this.shared.counted % PRUNE_EVERY === 0) {
      void db
        .execute(sql`DELETE FROM rate_limit_hits WHERE reset_at < ${now().toISOString()}::timestamptz`)
        .catch(() => undefined);
    }
    countHit(db, { key: `${this.prefix}${key}`, now: now().toISOString(), windowMs: timeWindow })
      .then((result) => {
        const [row] = rowsOf<{ hits: number; ttl_ms: number }>(result);
        if (!row) throw new Error('rate limit count returned no row');
        callback(null, { current: row.hits, ttl: Math.max(row.ttl_ms, 0) });
      })
      .catch((error: unknown) => {
        this.shared.log.warn({ err: error }, 'rate limit count failed');
        callback(error instanceof Error ? error : new Error(String(error)));
      });
  }

  // The library passes the route's merged limit options, the route itself under `routeInfo` (as its own
  // Redis store reads it; its type declaration says otherwise).
  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const { method, url } = (options as unknown as { routeInfo: { method: unknown; url?: string } })
      .routeInfo;
    return new PostgresRateLimitStore(this.shared, `${String(method)} ${url ?? ''}:`);
  }
}

/**
 * A @fastify/rate-limit store on the app's PostgreSQL (or PGlite) database and clock, so every API process
 * counts together. Fixed windows that start with a key's first request, as the library's own stores count.
 */
export function postgresRateLimitStore(
  db: Db,
  now: Clock,
  log: FastifyBaseLogger,
): FastifyRateLimitStoreCtor {
  const shared: Shared = { db, now, log, counted: 0 };
  return class extends PostgresRateLimitStore {
    constructor() {
      super(shared, 'player:');
    }
  };
}
