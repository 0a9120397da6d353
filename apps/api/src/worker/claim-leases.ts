import { type AnyColumn, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { workerLeases } from '../db/schema/worker-leases';

/**
 * Claims the named items until `until`: inserts a lease per name, or takes over one that has expired by
 * `now`. Returns the names this caller now holds; a name another worker holds (unexpired) is left out. Call
 * it inside the transaction that picked the items `FOR UPDATE SKIP LOCKED`, so two workers neither wait for
 * each other nor both win (PostgreSQL serialises the conflicting inserts on the lease's primary key).
 */
export async function claimLeases(db: DbOrTx, names: string[], now: Date, until: Date): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .insert(workerLeases)
    .values(names.map((name) => ({ name, until })))
    .onConflictDoUpdate({ target: workerLeases.name, set: { until }, setWhere: lte(workerLeases.until, now) })
    .returning({ name: workerLeases.name });
  return new Set(rows.map((r) => r.name));
}

/** Forgets leases that expired before `before` (they would only be taken over anyway); keeps the table small. */
export async function pruneLeases(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(workerLeases).where(lte(workerLeases.until, before));
}

/** A WHERE condition: no unexpired lease `<prefix><column value>` exists (so a claimed item is not picked). */
export function isNotLeased(prefix: string, column: AnyColumn, now: Date): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${workerLeases} WHERE ${workerLeases.name} = ${prefix} || ${column} AND ${workerLeases.until} > ${now.toISOString()}::timestamptz)`;
}
