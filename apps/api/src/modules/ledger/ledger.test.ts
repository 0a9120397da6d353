import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';
import { players } from '../../db/schema/players';
import { createTestApp, type TestApp } from '../../test/app';
import { findAccountIds } from './account-ids';
import { bonusAccount, houseAccount, playerProviderAccount } from './account-key';
import { findBalanceCacheDifferences } from './find-balance-cache-differences';
import { getAccountBalance } from './get-account-balance';
import { hasSuccessfulDeposit } from './has-successful-deposit';
import { demoAgencyId, insertBarePlayer } from './ledger-test-helpers';
import {
  InvalidPostingError,
  type OrderChange,
  postTransaction,
  postTransactionWith,
} from './post-transaction';
import { reverseTransaction } from './reverse-transaction';

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

const credit = (playerId: string, reference: string, amount: bigint) =>
  t.app.db.transaction((tx) =>
    postTransaction(tx, {
      agencyId,
      kind: 'DEPOSIT',
      reference,
      playerId,
      provider: 'gclub',
      at,
      entries: [
        { account: houseAccount('THB'), amount: -amount },
        { account: playerProviderAccount(playerId, 'gclub'), amount },
      ],
    }),
  );

describe('postTransaction', () => {
  it('appends balanced entries and moves the cached balances', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    const houseBefore = await getAccountBalance(t.app.db, agencyId, houseAccount('THB'));
    const posted = await credit(playerId, `dep-${playerId}`, 12_345n);
    expect(posted.isNew).toBe(true);
    expect(posted.transaction).toMatchObject({ kind: 'DEPOSIT', playerId, provider: 'gclub', createdAt: at });
    expect(posted.entries.map((e) => e.amount).sort()).toEqual([-12_345n, 12_345n]);
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(playerId, 'gclub'))).toBe(
      12_345n,
    );
    expect(await getAccountBalance(t.app.db, agencyId, houseAccount('THB'))).toBe(houseBefore - 12_345n);
  });

  it('returns the first transaction for a repeated reference with the same entries and moves nothing again', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    const first = await credit(playerId, `rep-${playerId}`, 500n);
    const again = await credit(playerId, `rep-${playerId}`, 500n);
    expect(again.isNew).toBe(false);
    expect(again.transaction.id).toBe(first.transaction.id);
    expect(again.entries.map((e) => e.amount).sort()).toEqual([-500n, 500n]);
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(playerId, 'gclub'))).toBe(500n);
  });

  it('refuses postings that would create or destroy money, writing nothing', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    const player = playerProviderAccount(playerId, 'gclub');
    const cases = [
      [
        { account: houseAccount('THB'), amount: -100n },
        { account: player, amount: 99n },
      ],
      // balanced in THB but not in LAK
      [
        { account: houseAccount('THB'), amount: -100n },
        { account: player, amount: 100n },
        { account: houseAccount('LAK'), amount: 5n },
      ],
      // the same amount in two currencies is not balanced either
      [
        { account: houseAccount('LAK'), amount: -100n },
        { account: player, amount: 100n },
      ],
      [
        { account: houseAccount('THB'), amount: 0n },
        { account: player, amount: 0n },
      ],
      [{ account: player, amount: 100n }],
      [
        { account: { kind: 'PLAYER_PROVIDER', currency: 'THB' }, amount: 1n },
        { account: player, amount: -1n },
      ],
    ] as const;
    for (const [i, entries] of cases.entries()) {
      await expect(
        t.app.db.transaction((tx) =>
          postTransaction(tx, {
            agencyId,
            kind: 'ADJUSTMENT',
            reference: `bad-${playerId}-${i}`,
            at,
            entries: [...entries],
          }),
        ),
        `case ${i}`,
      ).rejects.toBeInstanceOf(InvalidPostingError);
    }
    const written = await t.app.db
      .select()
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.reference} LIKE ${`bad-${playerId}-%`}`);
    expect(written).toEqual([]);
    expect(await getAccountBalance(t.app.db, agencyId, player)).toBe(0n);
  });

  it('keeps several currencies and the same account twice in one posting balanced', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    const player = playerProviderAccount(playerId, 'alphabet');
    await t.app.db.transaction((tx) =>
      postTransaction(tx, {
        agencyId,
        kind: 'BONUS',
        reference: `multi-${playerId}`,
        playerId,
        provider: 'alphabet',
        at,
        entries: [
          { account: bonusAccount(), amount: -300n },
          { account: player, amount: 100n },
          { account: player, amount: 200n },
          { account: houseAccount('LAK'), amount: -7000n },
          { account: { kind: 'IN_TRANSIT', currency: 'LAK', playerId }, amount: 7000n },
        ],
      }),
    );
    expect(await getAccountBalance(t.app.db, agencyId, player)).toBe(300n);
    expect(
      await getAccountBalance(t.app.db, agencyId, { kind: 'IN_TRANSIT', currency: 'LAK', playerId }),
    ).toBe(7000n);
  });
});

describe('postTransactionWith (the posting and its order change in one statement)', () => {
  // Renames the player from `from` to `to`: the order change of these tests.
  const renameIf = (playerId: string, from: string, to: string): OrderChange => ({
    name: 'test_rename_player',
    update: (areAccountsLocked: SQL) =>
      sql`UPDATE ${players} SET display_name = ${sql.placeholder('to')}
        WHERE ${players.id} = ${sql.placeholder('id')} AND ${players.displayName} = ${sql.placeholder('from')}
          AND ${areAccountsLocked}
        RETURNING ${players.id}`,
    values: { id: playerId, from, to },
  });
  const displayNameOf = async (playerId: string) =>
    (await t.app.db.select().from(players).where(eq(players.id, playerId)))[0]?.displayName;
  const posting = (playerId: string, reference: string) => ({
    agencyId,
    kind: 'DEPOSIT' as const,
    reference,
    playerId,
    provider: 'gclub' as const,
    at,
    entries: [
      { account: houseAccount('THB'), amount: -250n },
      { account: playerProviderAccount(playerId, 'gclub'), amount: 250n },
    ],
  });

  it('posts and changes the order together; a change that matches no row posts nothing', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    const name = (await displayNameOf(playerId)) as string;
    const refused = await postTransactionWith(
      t.app.db,
      renameIf(playerId, 'someone else', 'x'),
      posting(playerId, `with-no-${playerId}`),
    );
    expect(refused).toBeNull();
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(playerId, 'gclub'))).toBe(0n);
    expect(
      await t.app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.playerId, playerId)),
    ).toEqual([]);

    const posted = await postTransactionWith(
      t.app.db,
      renameIf(playerId, name, 'credited'),
      posting(playerId, `with-${playerId}`),
    );
    expect(posted?.isNew).toBe(true);
    expect(await displayNameOf(playerId)).toBe('credited');
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(playerId, 'gclub'))).toBe(250n);
    // The order has moved on: a repeat changes nothing and posts nothing.
    expect(
      await postTransactionWith(
        t.app.db,
        renameIf(playerId, name, 'again'),
        posting(playerId, `with-${playerId}`),
      ),
    ).toBeNull();
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(playerId, 'gclub'))).toBe(250n);
  });

  it('changes the order only once its accounts are there: a forgotten account is created first', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    const name = (await displayNameOf(playerId)) as string;
    const account = playerProviderAccount(playerId, 'gclub');
    const remembered = (await findAccountIds(t.app.db, agencyId, [account])).values().next().value;
    if (!remembered) throw new Error('no account id');
    await t.app.db.delete(ledgerAccounts).where(eq(ledgerAccounts.id, remembered));
    const posted = await postTransactionWith(
      t.app.db,
      renameIf(playerId, name, 'credited'),
      posting(playerId, `with-new-${playerId}`),
    );
    expect(posted?.isNew).toBe(true);
    expect(await displayNameOf(playerId)).toBe('credited');
    expect(await getAccountBalance(t.app.db, agencyId, account)).toBe(250n);
  });
});

describe('agency-wide accounts spread over rows', () => {
  it('postings of different references move different rows of the house account; its balance is their sum, each row caching its own entries', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    const houseBefore = await getAccountBalance(t.app.db, agencyId, houseAccount('THB'));
    for (let i = 0; i < 24; i += 1) await credit(playerId, `spread-${playerId}-${i}`, 100n);
    const houseRows = await t.app.db
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(
        sql`${ledgerAccounts.agencyId} = ${agencyId} AND ${ledgerAccounts.kind} = 'HOUSE'
          AND ${ledgerAccounts.currency} = 'THB'`,
      );
    expect(houseRows.length).toBeGreaterThan(1);
    expect(await getAccountBalance(t.app.db, agencyId, houseAccount('THB'))).toBe(houseBefore - 2_400n);
    expect(houseRows.reduce((sum, row) => sum + row.balance, 0n)).toBe(houseBefore - 2_400n);
    expect(await findBalanceCacheDifferences(t.app.db, agencyId)).toEqual([]);

    // A replay names the rows its first posting moved: the same transaction, nothing moved again.
    const first = await credit(playerId, `spread-${playerId}-7`, 100n);
    expect(first.isNew).toBe(false);
    expect(await getAccountBalance(t.app.db, agencyId, houseAccount('THB'))).toBe(houseBefore - 2_400n);
  });

  it('a reversal takes back every entry, whichever rows the original and the reversal use', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    const houseBefore = await getAccountBalance(t.app.db, agencyId, houseAccount('THB'));
    await credit(playerId, `spread-rev-${playerId}`, 700n);
    await t.app.db.transaction((tx) => reverseTransaction(tx, { reference: `spread-rev-${playerId}`, at }));
    expect(await getAccountBalance(t.app.db, agencyId, houseAccount('THB'))).toBe(houseBefore);
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(playerId, 'gclub'))).toBe(0n);
    expect(await findBalanceCacheDifferences(t.app.db, agencyId)).toEqual([]);
  });
});

describe('account ids', () => {
  it('posts over an account whose remembered id the database no longer has: read again, created again', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    const account = playerProviderAccount(playerId, 'askmebet');
    const remembered = (await findAccountIds(t.app.db, agencyId, [account])).values().next().value;
    if (!remembered) throw new Error('no account id');
    // As if it were remembered from another database with the same agency id (no entries reference it yet).
    await t.app.db.delete(ledgerAccounts).where(eq(ledgerAccounts.id, remembered));
    const posted = await t.app.db.transaction((tx) =>
      postTransaction(tx, {
        agencyId,
        kind: 'DEPOSIT',
        reference: `again-${playerId}`,
        playerId,
        provider: 'askmebet',
        at,
        entries: [
          { account: houseAccount('THB'), amount: -700n },
          { account, amount: 700n },
        ],
      }),
    );
    expect(posted.isNew).toBe(true);
    expect(posted.entries.map((e) => e.accountId)).not.toContain(remembered);
    expect(await getAccountBalance(t.app.db, agencyId, account)).toBe(700n);
    const [entry] = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, posted.transaction.id))
      .orderBy(ledgerEntries.amount);
    expect(entry?.amount).toBe(-700n);
  });
});

describe('reverseTransaction and hasSuccessfulDeposit', () => {
  it('a deposit counts until it is reversed; the reversal negates every entry, once', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    expect(await hasSuccessfulDeposit(t.app.db, playerId)).toBe(false);
    await credit(playerId, `rev-${playerId}`, 4_000n);
    expect(await hasSuccessfulDeposit(t.app.db, playerId)).toBe(true);

    const reversal = await t.app.db.transaction((tx) =>
      reverseTransaction(tx, { reference: `rev-${playerId}`, at }),
    );
    expect(reversal.isNew).toBe(true);
    expect(reversal.transaction).toMatchObject({ kind: 'REVERSAL', reference: `rev-${playerId}:reversal` });
    const again = await t.app.db.transaction((tx) =>
      reverseTransaction(tx, { reference: `rev-${playerId}`, at }),
    );
    expect(again.isNew).toBe(false);
    expect(await getAccountBalance(t.app.db, agencyId, playerProviderAccount(playerId, 'gclub'))).toBe(0n);
    expect(await hasSuccessfulDeposit(t.app.db, playerId)).toBe(false);
  });

  it('refuses to reverse a reference that was never posted', async () => {
    await expect(
      t.app.db.transaction((tx) => reverseTransaction(tx, { reference: 'never-posted', at })),
    ).rejects.toThrow(/never-posted/);
  });

  it('another kind of transaction is not a deposit', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    await t.app.db.transaction((tx) =>
      postTransaction(tx, {
        agencyId,
        kind: 'ADJUSTMENT',
        reference: `adj-${playerId}`,
        playerId,
        at,
        entries: [
          { account: houseAccount('THB'), amount: -1n },
          { account: playerProviderAccount(playerId, 'betflix'), amount: 1n },
        ],
      }),
    );
    expect(await hasSuccessfulDeposit(t.app.db, playerId)).toBe(false);
  });
});

describe('append-only tables', () => {
  it('refuses UPDATE and DELETE of entries, transactions and audit rows', async () => {
    const playerId = await insertBarePlayer(t.app.db, agencyId);
    const posted = await credit(playerId, `ao-${playerId}`, 10n);
    const [entry] = posted.entries;
    if (!entry) throw new Error('no entry');
    await t.app.db.insert(auditLog).values({ actor: 'test', action: 'test.write', createdAt: at });

    const attempts = [
      () => t.app.db.update(ledgerEntries).set({ amount: 11n }).where(eq(ledgerEntries.id, entry.id)),
      () => t.app.db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry.id)),
      () =>
        t.app.db
          .update(ledgerTransactions)
          .set({ memo: 'changed' })
          .where(eq(ledgerTransactions.id, posted.transaction.id)),
      () => t.app.db.delete(ledgerTransactions).where(eq(ledgerTransactions.id, posted.transaction.id)),
      () => t.app.db.update(auditLog).set({ action: 'x' }),
      () => t.app.db.delete(auditLog),
      () => t.app.db.execute(sql`TRUNCATE ledger_entries, ledger_transactions CASCADE`),
    ];
    for (const [i, attempt] of attempts.entries()) {
      await expect(attempt(), `attempt ${i}`).rejects.toThrow();
    }
    const [still] = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, entry.id));
    expect(still?.amount).toBe(entry.amount);
  });
});
