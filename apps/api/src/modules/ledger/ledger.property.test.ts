import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LedgerAccountRow,
  ledgerAccounts,
  ledgerEntries,
  type TLedgerCurrency,
} from '../../db/schema/ledger';
import { createTestApp, type TestApp } from '../../test/app';
import { type AccountKey, accountKeyString, houseAccount, playerProviderAccount } from './account-key';
import { demoAgencyId, insertBarePlayer } from './ledger-test-helpers';
import {
  InvalidPostingError,
  LedgerReferenceConflictError,
  type PostedTransaction,
  postTransaction,
} from './post-transaction';

let t: TestApp;
let agencyId: string;
let run = 0;

beforeAll(async () => {
  t = await createTestApp();
  agencyId = await demoAgencyId(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

type Leg = { account: number; amount: bigint };
/** A generated posting: legs of each currency, balanced by a last leg unless `isBroken`. */
type GenPosting = { ref: number; thb: Leg[]; lak: Leg[]; isBroken: boolean };

const ACCOUNTS_PER_CURRENCY = 5;
const leg = fc.record({
  account: fc.nat({ max: ACCOUNTS_PER_CURRENCY - 1 }),
  amount: fc.bigInt({ min: -1_000_000_000n, max: 1_000_000_000n }).filter((a) => a !== 0n),
});
const posting: fc.Arbitrary<GenPosting> = fc.record({
  // A small pool of references, so retries of the same reference (in one batch and across) are common.
  ref: fc.nat({ max: 7 }),
  thb: fc.array(leg, { maxLength: 3 }),
  lak: fc.array(leg, { maxLength: 2 }),
  isBroken: fc.nat({ max: 7 }).map((n) => n === 0),
});
// Postings of one batch run concurrently, each in its own database transaction.
const batches = fc.array(fc.array(posting, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 });

/** The last leg balances its currency; a broken posting is off by one satang/kip. */
function entriesOf(p: GenPosting, thbAccounts: AccountKey[], lakAccounts: AccountKey[]) {
  const entries: { account: AccountKey; amount: bigint }[] = [];
  const add = (legs: Leg[], accounts: AccountKey[], closing: AccountKey) => {
    if (legs.length === 0) return;
    let sum = 0n;
    for (const l of legs) {
      entries.push({ account: accounts[l.account] as AccountKey, amount: l.amount });
      sum += l.amount;
    }
    if (sum !== 0n) entries.push({ account: closing, amount: -sum });
  };
  add(p.thb, thbAccounts, houseAccount('THB'));
  add(p.lak, lakAccounts, houseAccount('LAK'));
  if (p.isBroken && entries[0]) entries[0] = { ...entries[0], amount: entries[0].amount + 1n };
  return entries;
}

/** A posting's entries as a comparable string: the same accounts and amounts in any order match. */
const shapeOf = (entries: { account: AccountKey; amount: bigint }[]) =>
  entries
    .map((e) => `${accountKeyString(e.account)}=${e.amount}`)
    .sort()
    .join(' ');

const isValid = (entries: { amount: bigint }[]) =>
  entries.length >= 2 && entries.every((e) => e.amount !== 0n);

/** Each account's cached balance by its key (the rows of an agency-wide account summed). */
async function balancesByKey(): Promise<Map<string, bigint>> {
  const rows: LedgerAccountRow[] = await t.app.db.select().from(ledgerAccounts);
  const balances = new Map<string, bigint>();
  for (const row of rows) {
    const key = accountKeyString({ ...row, shard: 0 });
    balances.set(key, (balances.get(key) ?? 0n) + row.balance);
  }
  return balances;
}

describe('ledger invariants under random concurrent postings', () => {
  it('Σ entries = 0 overall and per transaction; cached balances = Σ entries; one posting per reference', async () => {
    const players = await Promise.all([1, 2, 3].map(() => insertBarePlayer(t.app.db, agencyId)));
    const [p1, p2, p3] = players as [string, string, string];
    const thbAccounts: AccountKey[] = [
      playerProviderAccount(p1, 'gclub'),
      playerProviderAccount(p1, 'betflix'),
      playerProviderAccount(p2, 'gclub'),
      playerProviderAccount(p3, 'alphabet'),
      { kind: 'BONUS', currency: 'THB' },
    ];
    const lakAccounts: AccountKey[] = [
      { kind: 'IN_TRANSIT', currency: 'LAK', playerId: p1 },
      { kind: 'IN_TRANSIT', currency: 'LAK', playerId: p2 },
      { kind: 'PAYOUT', currency: 'LAK' },
      { kind: 'PAYOUT', currency: 'LAK', playerId: p3 },
      houseAccount('LAK'),
    ];

    await fc.assert(
      fc.asyncProperty(batches, async (generated) => {
        run += 1;
        const before = await balancesByKey();
        const expectedDelta = new Map<string, bigint>();
        const results: { ref: string; posted: PostedTransaction; shape: string }[] = [];
        const conflicts: { ref: string; shape: string }[] = [];

        for (const batch of generated) {
          // allSettled: a failing posting must not leave the others of its batch running into the next run.
          const settled = await Promise.allSettled(
            batch.map(async (p) => {
              const reference = `prop-${run}-${p.ref}`;
              const entries = entriesOf(p, thbAccounts, lakAccounts);
              const sums = new Map<TLedgerCurrency, bigint>();
              for (const e of entries)
                sums.set(e.account.currency, (sums.get(e.account.currency) ?? 0n) + e.amount);
              const isBalanced = [...sums.values()].every((s) => s === 0n);
              const attempt = t.app.db.transaction((tx) =>
                postTransaction(tx, { agencyId, kind: 'ADJUSTMENT', reference, at: t.clock.now(), entries }),
              );
              if (!isBalanced || !isValid(entries)) {
                await expect(attempt).rejects.toBeInstanceOf(InvalidPostingError);
                return;
              }
              const shape = shapeOf(entries);
              const posted = await attempt.catch((error: unknown) => {
                // Another posting of this reference with other entries got there first: refused.
                if (error instanceof LedgerReferenceConflictError) return null;
                throw error;
              });
              if (!posted) {
                conflicts.push({ ref: reference, shape });
                return;
              }
              results.push({ ref: reference, posted, shape });
              if (!posted.isNew) return;
              for (const e of entries) {
                const key = accountKeyString(e.account);
                expectedDelta.set(key, (expectedDelta.get(key) ?? 0n) + e.amount);
              }
            }),
          );
          for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
        }

        // Exactly one posting per reference moved money; every retry with its entries got that same
        // transaction back, and every attempt with other entries was refused.
        const byRef = new Map<string, typeof results>();
        for (const r of results) byRef.set(r.ref, [...(byRef.get(r.ref) ?? []), r]);
        for (const [ref, posts] of byRef) {
          const firsts = posts.filter((p) => p.posted.isNew);
          expect(firsts, ref).toHaveLength(1);
          expect(new Set(posts.map((p) => p.posted.transaction.id)).size, ref).toBe(1);
          const winner = firsts[0]?.shape;
          for (const p of posts) expect(p.shape, ref).toBe(winner);
          for (const c of conflicts.filter((c) => c.ref === ref)) expect(c.shape, ref).not.toBe(winner);
        }
        for (const c of conflicts) expect(byRef.has(c.ref), c.ref).toBe(true);

        // The model: each account moved by exactly the entries of the postings that were new.
        const after = await balancesByKey();
        for (const key of new Set([...before.keys(), ...after.keys(), ...expectedDelta.keys()])) {
          expect((after.get(key) ?? 0n) - (before.get(key) ?? 0n), key).toBe(expectedDelta.get(key) ?? 0n);
        }

        const overall = await t.app.db
          .select({
            currency: ledgerEntries.currency,
            total: sql<string>`SUM(${ledgerEntries.amount})::text`,
          })
          .from(ledgerEntries)
          .groupBy(ledgerEntries.currency);
        for (const row of overall) expect(row.total, row.currency).toBe('0');
        const unbalanced = await t.app.db
          .select({ id: ledgerEntries.transactionId })
          .from(ledgerEntries)
          .groupBy(ledgerEntries.transactionId, ledgerEntries.currency)
          .having(sql`SUM(${ledgerEntries.amount}) <> 0`);
        expect(unbalanced).toEqual([]);
        const drifted = await t.app.db
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
          .groupBy(ledgerAccounts.id, ledgerAccounts.balance)
          .having(sql`${ledgerAccounts.balance} <> COALESCE(SUM(${ledgerEntries.amount}), 0)`);
        expect(drifted).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});
