import { randomUUID } from 'node:crypto';
import type { TProvider } from '@lc/shared/providers';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  type LedgerEntryRow,
  type LedgerTransactionRow,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  type TLedgerTransactionKind,
} from '../../db/schema/ledger';
import { type AccountKey, accountKeyString } from './account-key';
import { lockAccounts } from './lock-accounts';

export type PostingEntry = { account: AccountKey; amount: bigint };

export type PostTransactionInput = {
  agencyId: string;
  kind: TLedgerTransactionKind;
  /** Idempotency key: posting the same reference again returns the first transaction and moves nothing. */
  reference: string;
  playerId?: string | null;
  provider?: TProvider | null;
  memo?: string | null;
  /** The app clock's time (`app.now()`). */
  at: Date;
  /** Signed minor units; per currency they must sum to zero. */
  entries: PostingEntry[];
  /** Set by `reverseTransaction` only. */
  reversesId?: string;
};

export type PostedTransaction = {
  transaction: LedgerTransactionRow;
  entries: LedgerEntryRow[];
  /** False when the reference had been posted before (nothing moved this time). */
  isNew: boolean;
};

/** A posting that would create or destroy money, or is otherwise malformed: a programming error. */
export class InvalidPostingError extends Error {
  override readonly name = 'InvalidPostingError';
}

const MAX_REFERENCE = 200;

function validate(input: PostTransactionInput): void {
  const { reference, entries } = input;
  if (reference.length === 0 || reference.length > MAX_REFERENCE) {
    throw new InvalidPostingError(`reference must be 1–${MAX_REFERENCE} characters`);
  }
  if (entries.length < 2) throw new InvalidPostingError(`${reference}: a posting needs at least two entries`);
  const sums = new Map<string, bigint>();
  for (const { account, amount } of entries) {
    if (typeof amount !== 'bigint' || amount === 0n) {
      throw new InvalidPostingError(`${reference}: entry amounts must be non-zero bigints`);
    }
    if (account.kind === 'PLAYER_PROVIDER' && (!account.playerId || !account.provider)) {
      throw new InvalidPostingError(`${reference}: a PLAYER_PROVIDER account needs a player and a provider`);
    }
    sums.set(account.currency, (sums.get(account.currency) ?? 0n) + amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new InvalidPostingError(`${reference}: ${currency} entries sum to ${sum}, not 0`);
  }
}

/**
 * Posts a balanced ledger transaction inside the caller's database transaction: refuses entries that do not
 * sum to zero per currency, finds or creates and locks the accounts, appends the entries and moves the cached
 * balances. Call it in the same transaction as the order's state change so both commit or neither does.
 */
export async function postTransaction(tx: DbOrTx, input: PostTransactionInput): Promise<PostedTransaction> {
  validate(input);
  const [created] = await tx
    .insert(ledgerTransactions)
    .values({
      agencyId: input.agencyId,
      kind: input.kind,
      reference: input.reference,
      playerId: input.playerId ?? null,
      provider: input.provider ?? null,
      memo: input.memo ?? null,
      reversesId: input.reversesId ?? null,
      createdAt: input.at,
    })
    // A concurrent posting of the same reference waits here until the first commits, then finds it.
    .onConflictDoNothing({ target: ledgerTransactions.reference })
    .returning();
  if (!created) return findPosted(tx, input.reference);

  const accounts = await lockAccounts(
    tx,
    input.agencyId,
    input.entries.map((e) => e.account),
  );
  const accountOf = (key: AccountKey) => accounts.get(accountKeyString(key)) as { id: string };
  // Ids made here, so the entries need not be read back: they and the balance moves go in one statement,
  // one round trip less while the accounts (the house account of every posting among them) are locked.
  const entries: LedgerEntryRow[] = input.entries.map((e) => ({
    id: randomUUID(),
    transactionId: created.id,
    accountId: accountOf(e.account).id,
    amount: e.amount,
    currency: e.account.currency,
  }));
  const deltas = new Map<string, bigint>();
  for (const e of entries) deltas.set(e.accountId, (deltas.get(e.accountId) ?? 0n) + e.amount);
  const values = sql.join(
    [...deltas].map(([id, delta]) => sql`(${id}::uuid, ${delta.toString()}::bigint)`),
    sql`, `,
  );
  await tx.execute(
    sql`WITH appended AS ${tx.insert(ledgerEntries).values(entries)}
        UPDATE ${ledgerAccounts} SET balance = ${ledgerAccounts.balance} + v.delta
        FROM (VALUES ${values}) AS v(id, delta) WHERE ${ledgerAccounts.id} = v.id`,
  );
  return { transaction: created, entries, isNew: true };
}

async function findPosted(tx: DbOrTx, reference: string): Promise<PostedTransaction> {
  const [transaction] = await tx
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, reference));
  if (!transaction) throw new Error(`ledger transaction ${reference} vanished`);
  const entries = await tx
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transaction.id))
    .orderBy(asc(ledgerEntries.id));
  return { transaction, entries, isNew: false };
}
