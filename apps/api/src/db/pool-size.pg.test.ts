import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { rowsOf } from './rows-of';

// Only on PostgreSQL (a `.pg.test.ts` file): PGlite has one connection whatever DATABASE_POOL_MAX says.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DATABASE_POOL_MAX: '3' });
});
afterAll(async () => {
  await t?.close();
});

it('opens at most DATABASE_POOL_MAX connections; more queries at once wait for one', async () => {
  // Eight at once (Promise.all awaits every drizzle query now): each holds its connection for 0.2 s.
  const results = await Promise.all(
    Array.from({ length: 8 }, () => t.app.db.execute(sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.2)`)),
  );
  const pids = new Set(results.map((result) => rowsOf<{ pid: number }>(result)[0]?.pid));
  // Three connections served all eight, in turns; a larger pool would have opened one per query.
  expect(pids.size).toBe(3);
  expect(t.app.dbPool().total).toBe(3);
});
