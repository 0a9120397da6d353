import type { FastifyInstance } from 'fastify';
import type { Db, DbHandle, DbPoolStats } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle database (PGlite or PostgreSQL). Use `app.db.transaction(async (tx) => …)` for atomic work. */
    db: Db;
    /** The database client's connections now (metrics). */
    dbPool: () => DbPoolStats;
  }
}

/** Exposes an opened database as `app.db` and closes it when the app closes. */
export function registerDb(app: FastifyInstance, handle: DbHandle): void {
  app.decorate('db', handle.db);
  app.decorate('dbPool', handle.poolStats);
  app.addHook('onClose', async () => {
    await handle.close();
  });
}
