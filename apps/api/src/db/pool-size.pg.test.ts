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
  // Started at once (a drizzle query runs only when awaited, which Promise.all does now).
  const running = Promise.all(
    Array.from({ length: 8 }, () => t.app.db.execute(sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.2)`)),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  const during = t.app.dbPool();
  const results = await running;
  const pids = new Set(results.map((result) => rowsOf<{ pid: number }>(result)[0]?.pid));
  expect(during.total).toBe(3);
  expect(during.waiting).toBeGreaterThanOrEqual(5);
  expect(pids.size).toBe(3);
});
