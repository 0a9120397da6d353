import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { API_ROOT } from '../paths';
import { createPostgresListener, type ListenHandlers, type Listening } from './listen-postgres';
import { migratedTemplatePath, openPglite, saveTemplate } from './pglite-template';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type: drizzle over PGlite or node-postgres, both speaking the same PostgreSQL schema. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept `Db | Tx` (see `DbOrTx`). */
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');

/** Connections of the database client: PGlite has one (it queues queries itself), so only `total`. */
export type DbPoolStats = { total: number; idle?: number; waiting?: number };

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  poolStats: () => DbPoolStats;
  /** Applies pending SQL migrations (idempotent). */
  migrate: () => Promise<void>;
  /**
   * Receives the NOTIFY payloads of `channel`: on PostgreSQL over one dedicated connection per call (see
   * listen-postgres.ts), on PGlite over its single connection (one process, nothing to reconnect).
   */
  listen: (channel: string, handlers: ListenHandlers) => Promise<Listening>;
  close: () => Promise<void>;
};

export type DbOptions = {
  databaseUrl: string | undefined;
  dataDir: string | null;
  /** Most pooled PostgreSQL connections (DATABASE_POOL_MAX; PGlite has one). */
  databasePoolMax: number;
};

/** This process's migrated-template file (db/pglite-template.ts), named once from the migrations. */
let migratedTemplate: string | undefined;

/** Opens PostgreSQL when a URL is given, otherwise PGlite in `dataDir/pglite` (or in memory). */
export async function openDb(options: DbOptions): Promise<DbHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.databasePoolMax);
  let dir: string | null = null;
  if (options.dataDir) {
    dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const isNew = dir === null || !existsSync(path.join(dir, 'PG_VERSION'));
  migratedTemplate ??= migratedTemplatePath(MIGRATIONS_DIR);
  const template = migratedTemplate;
  const { client, fromMigratedTemplate } = await openPglite(dir, isNew, undefined, template);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    poolStats: () => ({ total: 1 }),
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
      // A new database migrated from the bare cluster leaves the migrated template for the next one.
      if (isNew && !fromMigratedTemplate) {
        saveTemplate(template, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
      }
    },
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onPayload);
      // After close() PGlite refuses every query, UNLISTEN included: nothing is left to undo then.
      return { close: () => (client.closed ? Promise.resolve() : unlisten()) };
    },
    close: () => client.close(),
  };
}

function openPostgres(url: string, max: number): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client the server drops (restart, failover, a dropped test database) must not crash the
  // process: the pool discards it and the next query opens a new connection.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL idle client error: ${error.message}`);
  });
  const db = drizzlePg(pool, { schema });
  // One LISTEN connection for every channel of this process (listen-postgres.ts).
  const listener = createPostgresListener(url);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: async () => {
      // Several API processes may start together: an advisory lock makes them migrate one at a time.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727274)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
        client.release();
      }
    },
    listen: (channel, handlers) => listener.listen(channel, handlers),
    close: () => pool.end(),
  };
}

/** Readiness probe: throws when the database does not answer. */
export async function pingDb(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** True when `error` (or a cause of it) is a PostgreSQL unique violation, optionally of one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
    current = e.cause;
  }
  return false;
}
