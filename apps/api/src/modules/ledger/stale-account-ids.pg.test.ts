import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ledgerAccounts } from '../../db/schema/ledger';
import { createTestApp, type TestApp } from '../../test/app';
import { findAccountIds, openAccounts } from './account-ids';
import { houseAccount, playerProviderAccount } from './account-key';
import { demoAgencyId, insertBarePlayer, signal } from './ledger-test-helpers';
import { postTransaction } from './post-transaction';

// Only on PostgreSQL (a `.pg.test.ts` file): it needs two connections waiting on each other, which the one
// connection of embedded PGlite cannot have. CI found this deadlock in ledger.property.test.ts on PostgreSQL.

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp();
  agencyId = await demoAgencyId(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

/** Resolves once some session of this database waits on a lock held by another. */
async function someoneWaitsOnALock(): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const rows = (await t.app.db.execute(
      sql`SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )) as unknown as { rows: { waiting: number }[] };
    if ((rows.rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no session waited on a lock within 5 s');
}

it('a posting over an account id remembered from a rolled-back transaction holds no lock while it creates the account again', async () => {
  const player = await insertBarePlayer(t.app.db, agencyId);
  const house = houseAccount('THB');
  const fresh = playerProviderAccount(player, 'betflix');
  await openAccounts(t.app.db, agencyId, [house]);

  // A transaction that created the player's account (and so remembered its id) and then rolled back, as one
  // whose order change failed does: the id this process remembers now names no row.
  await t.app.db
    .transaction(async (tx) => {
      await findAccountIds(tx, agencyId, [house, fresh]);
      tx.rollback();
    })
    .catch(() => undefined);

  // Another transaction creates that account and, before it commits, locks the house account.
  const created = signal();
  const mayGoOn = signal();
  const other = t.app.db.transaction(async (tx) => {
    await openAccounts(tx, agencyId, [fresh]);
    created.give();
    await mayGoOn.given;
    await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.agencyId} = ${agencyId} AND ${ledgerAccounts.kind} = 'HOUSE'
        AND ${ledgerAccounts.currency} = 'THB'`)
      .for('update');
  });
  await created.given;

  // The posting finds the remembered id missing and creates the account again: it waits on the other
  // transaction's uncommitted row. Had it locked the house account first, the other's lock would close a cycle.
  const posting = t.app.db.transaction((tx) =>
    postTransaction(tx, {
      agencyId,
      kind: 'ADJUSTMENT',
      reference: `stale-ids-${player}`,
      at: t.clock.now(),
      entries: [
        { account: house, amount: -100n },
        { account: fresh, amount: 100n },
      ],
    }),
  );
  await someoneWaitsOnALock();
  mayGoOn.give();

  const [, posted] = await Promise.all([other, posting]);
  expect(posted.isNew).toBe(true);
  const ids = await findAccountIds(t.app.db, agencyId, [fresh], { isFresh: true });
  expect(posted.entries.map((e) => e.accountId)).toContain([...ids.values()][0]);
});
