import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agencies } from '../../db/schema/agency';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';
import { players } from '../../db/schema/players';
import { DEMO_AGENCY_CODE } from '../agency/seed-demo-agency';

/** The seeded demo agency's id (tests only). */
export async function demoAgencyId(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(eq(agencies.code, DEMO_AGENCY_CODE));
  if (!row) throw new Error('demo agency not seeded');
  return row.id;
}

/** A player row inserted directly (no argon2, no session): enough for ledger tests. */
export async function insertBarePlayer(db: DbOrTx, agencyId: string): Promise<string> {
  const username = `l${randomBytes(6).toString('hex')}`;
  const [row] = await db
    .insert(players)
    .values({
      agencyId,
      username,
      displayName: username,
      passwordHash: 'not-a-hash',
      createdAt: new Date('2026-01-15T08:00:00Z'),
    })
    .returning({ id: players.id });
  if (!row) throw new Error('player insert failed');
  return row.id;
}

/**
 * The entries of the transactions posted under `references`, summed per account kind and currency
 * (`"BANK LAK"`, `"HOUSE THB"`, …), zero sums left out (tests only).
 */
export async function entriesByAccount(db: DbOrTx, references: string[]): Promise<Record<string, bigint>> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, currency: ledgerEntries.currency, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(inArray(ledgerTransactions.reference, references));
  const sums: Record<string, bigint> = {};
  for (const row of rows) {
    const key = `${row.kind} ${row.currency}`;
    sums[key] = (sums[key] ?? 0n) + row.amount;
  }
  for (const [key, sum] of Object.entries(sums)) if (sum === 0n) delete sums[key];
  return sums;
}

/** Every entry of the ledger summed per currency: each must be 0 (tests only). */
export async function ledgerSumsByCurrency(db: DbOrTx): Promise<Record<string, bigint>> {
  const rows = await db
    .select({ currency: ledgerEntries.currency, amount: ledgerEntries.amount })
    .from(ledgerEntries);
  const sums: Record<string, bigint> = {};
  for (const row of rows) sums[row.currency] = (sums[row.currency] ?? 0n) + row.amount;
  return sums;
}

/** A one-shot signal between two concurrent transactions of a test: `give()` resolves `given`. */
export function signal(): { given: Promise<void>; give: () => void } {
  let give!: () => void;
  const given = new Promise<void>((resolve) => {
    give = resolve;
  });
  return { given, give };
}
