import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';
import { createTestApp, type TestApp } from '../../test/app';
import { findAccountIds } from './account-ids';
import {
  type AccountKey,
  accountKeyString,
  houseAccount,
  playerProviderAccount,
  shardOf,
} from './account-key';
import { findBalanceCacheDifferences } from './find-balance-cache-differences';
import { getAccountBalance } from './get-account-balance';
import { demoAgencyId, insertBarePlayer } from './ledger-test-helpers';
import { LedgerReferenceConflictError, type PostingEntry, postTransaction } from './post-transaction';

let t: TestApp;
let agencyId: string;
const at = new Date('2026-01-15T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  agencyId = await demoAgencyId(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

/** The account ids of `keys`, created when missing (outside the transactions under test). */
async function idsOf(keys: AccountKey[]): Promise<string[]> {
  const ids = await findAccountIds(t.app.db, agencyId, keys, { isFresh: true });
  return keys.map((key) => ids.get(accountKeyString(key)) as string);
}

/** A ledger transaction and its entries written with raw SQL, as a script or a bug would, in `tx`. */
async function insertRaw(
  tx: DbOrTx,
  reference: string,
  entries: { accountId: string; amount: bigint; currency: 'THB' | 'LAK' }[],
): Promise<string> {
  const id = randomUUID();
  await tx.execute(sql`INSERT INTO ledger_transactions (id, agency_id, kind, reference, created_at)
    VALUES (${id}, ${agencyId}, 'ADJUSTMENT', ${reference}, ${at.toISOString()})`);
  for (const e of entries) {
    await tx.execute(sql`INSERT INTO ledger_entries (id, transaction_id, account_id, amount, currency)
      VALUES (${randomUUID()}, ${id}, ${e.accountId}, ${e.amount.toString()}, ${e.currency})`);
  }
  return id;
}

/** The trigger's refusal, as the driver reports it (drizzle wraps it in a "Failed query" error). */
const isUnbalancedError = (error: unknown): boolean =>
  error instanceof Error &&
  (/unbalanced/.test(error.message) ||
    (error.cause instanceof Error && /unbalanced/.test(error.cause.message)));

const transactionsNamed = (reference: string) =>
  t.app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, reference));

describe('the database refuses unbalanced ledger transactions at commit', () => {
  it('rolls back a raw insert whose entries do not sum to zero, and keeps a balanced multi-entry one', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    const [house, player, houseLak, transitLak] = await idsOf([
      houseAccount('THB'),
      playerProviderAccount(playerId, 'gclub'),
      houseAccount('LAK'),
      { kind: 'IN_TRANSIT', currency: 'LAK', playerId },
    ]);
    const bad = `raw-bad-${playerId}`;
    await expect(
      t.app.db.transaction((tx) =>
        insertRaw(tx, bad, [
          { accountId: house as string, amount: -100n, currency: 'THB' },
          { accountId: player as string, amount: 99n, currency: 'THB' },
        ]),
      ),
    ).rejects.toSatisfy(isUnbalancedError);
    expect(await transactionsNamed(bad)).toEqual([]);

    // Balanced in THB, not in LAK: refused too (per currency, not overall).
    const badLak = `raw-bad-lak-${playerId}`;
    await expect(
      t.app.db.transaction((tx) =>
        insertRaw(tx, badLak, [
          { accountId: house as string, amount: -100n, currency: 'THB' },
          { accountId: player as string, amount: 100n, currency: 'THB' },
          { accountId: houseLak as string, amount: 5n, currency: 'LAK' },
        ]),
      ),
    ).rejects.toSatisfy(isUnbalancedError);
    expect(await transactionsNamed(badLak)).toEqual([]);

    const good = `raw-good-${playerId}`;
    const id = await t.app.db.transaction((tx) =>
      insertRaw(tx, good, [
        { accountId: house as string, amount: -300n, currency: 'THB' },
        { accountId: player as string, amount: 100n, currency: 'THB' },
        { accountId: player as string, amount: 200n, currency: 'THB' },
        { accountId: houseLak as string, amount: -7_000n, currency: 'LAK' },
        { accountId: transitLak as string, amount: 7_000n, currency: 'LAK' },
      ]),
    );
    const entries = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, id));
    expect(entries).toHaveLength(5);
  });

  it('refuses an entry added later to a transaction that was balanced', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    const [player] = await idsOf([playerProviderAccount(playerId, 'gclub')]);
    const posted = await t.app.db.transaction((tx) =>
      postTransaction(tx, {
        agencyId,
        kind: 'ADJUSTMENT',
        reference: `later-${playerId}`,
        playerId,
        at,
        entries: [
          { account: houseAccount('THB'), amount: -50n },
          { account: playerProviderAccount(playerId, 'gclub'), amount: 50n },
        ],
      }),
    );
    await expect(
      t.app.db.execute(sql`INSERT INTO ledger_entries (id, transaction_id, account_id, amount, currency)
        VALUES (${randomUUID()}, ${posted.transaction.id}, ${player as string}, 1, 'THB')`),
    ).rejects.toSatisfy(isUnbalancedError);
    const entries = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, posted.transaction.id));
    expect(entries.map((e) => e.id).sort()).toEqual(posted.entries.map((e) => e.id).sort());
  });
});

describe('a reference posts one set of entries', () => {
  const posting = (playerId: string, reference: string, entries: PostingEntry[]) =>
    t.app.db.transaction((tx) =>
      postTransaction(tx, {
        agencyId,
        kind: 'DEPOSIT',
        reference,
        playerId,
        provider: 'gclub',
        at,
        entries,
      }),
    );

  it('replays the same entries (in any order) idempotently and refuses other amounts or accounts', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    const other = await insertBarePlayer(t.app.db, agencyId);
    const reference = `ref-${playerId}`;
    const house = houseAccount('THB');
    const player = playerProviderAccount(playerId, 'gclub');
    const first = await posting(playerId, reference, [
      { account: house, amount: -500n },
      { account: player, amount: 500n },
    ]);
    const replay = await posting(playerId, reference, [
      { account: player, amount: 500n },
      { account: house, amount: -500n },
    ]);
    expect(replay.isNew).toBe(false);
    expect(replay.transaction.id).toBe(first.transaction.id);

    const conflicting: PostingEntry[][] = [
      [
        { account: house, amount: -999n },
        { account: player, amount: 999n },
      ],
      [
        { account: house, amount: -500n },
        { account: playerProviderAccount(other, 'gclub'), amount: 500n },
      ],
      [
        { account: house, amount: -500n },
        { account: player, amount: 200n },
        { account: player, amount: 300n },
      ],
    ];
    for (const [i, entries] of conflicting.entries()) {
      const attempt = posting(playerId, reference, entries);
      await expect(attempt, `case ${i}`).rejects.toBeInstanceOf(LedgerReferenceConflictError);
      await expect(attempt, `case ${i}`).rejects.toThrow(reference);
    }
    expect(await getAccountBalance(t.app.db, agencyId, player)).toBe(500n);
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(other, 'gclub'))).toBe(0n);
  });
});

describe('a replay of a posting made before the agency-wide accounts were spread', () => {
  it('answers the first posting, made on row 0 of the house, though its reference now hashes to another row', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    const reference = Array.from({ length: 32 }, (_, i) => `before-rows-${playerId}-${i}`).find(
      (candidate) => shardOf(candidate) !== 0,
    ) as string;
    const house = houseAccount('THB');
    const player = playerProviderAccount(playerId, 'gclub');
    const [houseRow0, playerRow] = await idsOf([house, player]);
    // As every posting was before migration 0031: on the house's only row, 0.
    await t.app.db.transaction(async (tx) => {
      await insertRaw(tx, reference, [
        { accountId: houseRow0 as string, amount: -400n, currency: 'THB' },
        { accountId: playerRow as string, amount: 400n, currency: 'THB' },
      ]);
      await tx.execute(
        sql`UPDATE ledger_accounts SET balance = balance - 400 WHERE id = ${houseRow0 as string}`,
      );
      await tx.execute(
        sql`UPDATE ledger_accounts SET balance = balance + 400 WHERE id = ${playerRow as string}`,
      );
    });
    const houseBefore = await getAccountBalance(t.app.db, agencyId, house);

    const adjust = (amount: bigint) =>
      t.app.db.transaction((tx) =>
        postTransaction(tx, {
          agencyId,
          kind: 'ADJUSTMENT',
          reference,
          playerId,
          at,
          entries: [
            { account: house, amount: -amount },
            { account: player, amount },
          ],
        }),
      );

    // A retry after the upgrade (a worker resuming, a repeated ops command) names the same accounts.
    const replay = await adjust(400n);
    expect(replay.isNew).toBe(false);
    expect(await getAccountBalance(t.app.db, agencyId, house)).toBe(houseBefore);
    expect(await getAccountBalance(t.app.db, agencyId, player)).toBe(400n);

    // Other amounts under that reference are still refused.
    await expect(adjust(401n)).rejects.toBeInstanceOf(LedgerReferenceConflictError);
  });
});

describe('findBalanceCacheDifferences', () => {
  it('reports an account whose cached balance was changed without entries', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    const account = playerProviderAccount(playerId, 'betflix');
    await t.app.db.transaction((tx) =>
      postTransaction(tx, {
        agencyId,
        kind: 'ADJUSTMENT',
        reference: `cache-${playerId}`,
        playerId,
        at,
        entries: [
          { account: houseAccount('THB'), amount: -1_000n },
          { account, amount: 1_000n },
        ],
      }),
    );
    // The raw inserts above moved no cached balances: those accounts differ already.
    const before = await findBalanceCacheDifferences(t.app.db, agencyId);
    const [id] = await idsOf([account]);
    expect(before.map((d) => d.accountId)).not.toContain(id);
    await tamperBalance(id as string, 5_000n);
    const after = await findBalanceCacheDifferences(t.app.db, agencyId);
    expect(after.filter((d) => d.accountId !== id)).toEqual(before);
    expect(after.find((d) => d.accountId === id)).toEqual({
      accountId: id,
      kind: 'PLAYER_PROVIDER',
      currency: 'THB',
      playerId,
      provider: 'betflix',
      balance: 5_000n,
      entriesTotal: 1_000n,
    });
    // Another agency's accounts are not this agency's report.
    expect(await findBalanceCacheDifferences(t.app.db, randomUUID())).toEqual([]);
    await tamperBalance(id as string, 1_000n);
    expect(await findBalanceCacheDifferences(t.app.db, agencyId)).toEqual(before);
  });
});

/** `UPDATE ledger_accounts SET balance = …` by hand, as a bad data fix would. */
async function tamperBalance(accountId: string, balance: bigint): Promise<void> {
  await t.app.db.update(ledgerAccounts).set({ balance }).where(eq(ledgerAccounts.id, accountId));
}
