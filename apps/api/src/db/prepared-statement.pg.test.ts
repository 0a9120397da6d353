import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { preparedStatement } from './prepared-statement';
import { agencies } from './schema/agency';

// Only on PostgreSQL (a `.pg.test.ts` file): it is about node-postgres's pooled connections.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('a statement used inside transactions is built once per pooled connection and runs in the transaction at hand', async () => {
  let builds = 0;
  // The connection it ran on, and whether it sees the agency the current transaction renamed (uncommitted).
  const probe = preparedStatement('test_probe_connection', (db) => {
    builds += 1;
    return db
      .select({
        pid: sql<number>`pg_backend_pid()`.mapWith(Number),
        renamed: sql<number>`count(*) FILTER (WHERE ${agencies.name} = ${sql.placeholder('name')})`.mapWith(
          Number,
        ),
      })
      .from(agencies);
  });
  const pids = new Set<number>();
  for (let i = 0; i < 10; i++) {
    const name = `renamed-${i}`;
    await t.app.db
      .transaction(async (tx) => {
        await tx.update(agencies).set({ name });
        const [row] = await probe(tx, { name });
        // Bound to this transaction's connection: it sees the uncommitted rename.
        expect(row?.renamed).toBeGreaterThan(0);
        pids.add(row?.pid ?? 0);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message.includes('Rollback'))) throw error;
      });
  }
  // Outside any transaction nothing is renamed: the rollbacks held, and the pool's own statement is separate.
  const [outside] = await probe(t.app.db, { name: 'renamed-9' });
  expect(outside?.renamed).toBe(0);
  // One build per connection used (and one for the pool), not one per transaction.
  expect(builds).toBe(pids.size + 1);
  expect(pids.size).toBeLessThan(10);
});
