import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { type BankAccountRow, bankAccounts } from '../../db/schema/bank-accounts';
import { isUuid } from '../../lib/is-uuid';

/** The player's own bank accounts (at most one today), oldest first. */
export async function listBankAccounts(db: DbOrTx, playerId: string): Promise<BankAccountRow[]> {
  return db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.playerId, playerId))
    .orderBy(asc(bankAccounts.createdAt));
}

/** True when the player already holds a bank account (one per player: domain.md). */
export async function hasBankAccount(db: DbOrTx, playerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(eq(bankAccounts.playerId, playerId))
    .limit(1);
  return row !== undefined;
}

/** The player of the agency holding this bank + number, if any. */
export async function findAccountHolder(
  db: DbOrTx,
  agencyId: string,
  bank: string,
  accountNumber: string,
): Promise<string | null> {
  const [row] = await db
    .select({ playerId: bankAccounts.playerId })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.agencyId, agencyId),
        eq(bankAccounts.bank, bank),
        eq(bankAccounts.accountNumber, accountNumber),
      ),
    )
    .limit(1);
  return row?.playerId ?? null;
}

const selectOwn = preparedStatement('find_own_bank_account', (db) =>
  db
    .select()
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.id, sql.placeholder('bankAccountId')),
        eq(bankAccounts.playerId, sql.placeholder('playerId')),
      ),
    )
    .limit(1),
);

/** A player's bank account by id, or null when it is missing or someone else's (callers answer 404). */
export async function findOwnBankAccount(
  db: DbOrTx,
  playerId: string,
  bankAccountId: string,
): Promise<BankAccountRow | null> {
  if (!isUuid(bankAccountId)) return null;
  const [row] = await selectOwn(db, { bankAccountId, playerId });
  return row ?? null;
}

/**
 * The join to the request's bank account (placeholder `bankAccountId`, null when not a uuid: it then joins
 * nothing) when `playerId` owns it: what findOwnBankAccount asks, for the statements that read an order's
 * inputs at once.
 */
export function ownBankAccountOf(playerId: AnyPgColumn): SQL | undefined {
  return and(
    eq(bankAccounts.id, sql`${sql.placeholder('bankAccountId')}::uuid`),
    eq(bankAccounts.playerId, playerId),
  );
}
