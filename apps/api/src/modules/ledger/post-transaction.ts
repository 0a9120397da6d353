import { randomUUID } from 'node:crypto';
import type { TProvider } from '@lc/shared/providers';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedSql } from '../../db/prepared-statement';
import { rowsOf } from '../../db/rows-of';
import {
  type LedgerEntryRow,
  type LedgerTransactionRow,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  type TLedgerTransactionKind,
} from '../../db/schema/ledger';
import { findAccountIds } from './account-ids';
import { type AccountKey, accountKeyString, onShard, shardOf } from './account-key';

export type PostingEntry = { account: AccountKey; amount: bigint };

export type PostTransactionInput = {
  agencyId: string;
  kind: TLedgerTransactionKind;
  /**
   * Idempotency key: posting the same reference again with the same entries returns the first transaction
   * and moves nothing; with other entries it throws {@link LedgerReferenceConflictError}.
   */
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

/**
 * A reference already posted with other entries (other accounts or amounts): two different movements under
 * one idempotency key, a programming error. Answering the first posting would hide that one of them never
 * happened in the ledger.
 */
export class LedgerReferenceConflictError extends Error {
  override readonly name = 'LedgerReferenceConflictError';
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
 * sum to zero per currency, finds or creates the accounts, locks them, appends the entries and moves the
 * cached balances. Call it in the same transaction as the order's state change so both commit or neither does.
 */
export async function postTransaction(tx: DbOrTx, input: PostTransactionInput): Promise<PostedTransaction> {
  return (await post(tx, input, null)) as PostedTransaction;
}

/**
 * An order's state change that a posting goes with: `update(areAccountsLocked)` is the UPDATE … RETURNING of
 * the order, which takes `areAccountsLocked` into its WHERE (so it changes nothing unless the posting can be
 * made) and has `sql.placeholder(name)` for its `values` (other names than the posting's own). Its SQL must
 * be the same for every call of one `name`: the statement is prepared once per name.
 */
export type OrderChange = {
  name: string;
  update: (areAccountsLocked: SQL) => SQL;
  values: Record<string, unknown>;
};

/**
 * {@link postTransaction} and the order's state change in one statement, for a caller that needs nothing
 * else in that transaction: both happen or neither, without BEGIN and COMMIT round trips. The accounts are
 * locked first, then the order row by the change. Answers null when the change matched no row (the order was
 * no longer in the state it expects): then nothing is posted.
 */
export async function postTransactionWith(
  db: DbOrTx,
  change: OrderChange,
  input: PostTransactionInput,
): Promise<PostedTransaction | null> {
  return post(db, input, change);
}

async function post(
  db: DbOrTx,
  posting: PostTransactionInput,
  change: OrderChange | null,
): Promise<PostedTransaction | null> {
  validate(posting);
  // Each agency-wide account's row for this reference (account-key.ts): postings of other references mostly
  // lock other rows, and a replay names the rows its first posting moved.
  const shard = shardOf(posting.reference);
  const input = {
    ...posting,
    entries: posting.entries.map((e) => ({ ...e, account: onShard(e.account, shard) })),
  };
  const keys = input.entries.map((e) => e.account);
  let ids = await findAccountIds(db, input.agencyId, keys);
  let appended = await appendPosting(db, input, ids, change);
  if (appended.locked < ids.size) {
    // A remembered id names no row (its account was created by a transaction that rolled back, or in another
    // database with the same agency id in tests): nothing was locked or written; read the ids again.
    ids = await findAccountIds(db, input.agencyId, keys, { isFresh: true });
    appended = await appendPosting(db, input, ids, change);
    if (appended.locked < ids.size) throw new Error(`${input.reference}: ledger accounts missing`);
  }
  if (!appended.isChanged) return null;
  if (!appended.isNew) {
    const first = await findPosted(db, input.reference);
    assertSameEntries(input.reference, first.movements, input.entries);
    return first.posted;
  }
  return { transaction: appended.transaction, entries: appended.entries, isNew: true };
}

/**
 * A replay must repeat the first posting's entries (the same accounts and amounts, in any order): then it is
 * the same movement retried and answers the first posting; anything else is a second movement under the
 * reference, refused loudly rather than silently dropped. Accounts, not rows: a posting made before the
 * agency-wide accounts were spread (0052) moved their row 0, wherever its reference hashes now.
 */
function assertSameEntries(reference: string, posted: PostingEntry[], replayed: PostingEntry[]): void {
  const shape = (entries: PostingEntry[]) =>
    entries.map((e) => `${accountKeyString({ ...e.account, shard: 0 })}|${e.amount}`).sort();
  const [first, again] = [shape(posted), shape(replayed)];
  if (first.length === again.length && first.every((entry, i) => entry === again[i])) return;
  throw new LedgerReferenceConflictError(
    `${reference} was posted before with other entries (${first.join(', ')}); refused: ${again.join(', ')}`,
  );
}

type Appended = {
  /** How many of the accounts were found and locked; fewer than asked writes nothing. */
  locked: number;
  /** False when an order change was given and changed nothing (then nothing was posted either). */
  isChanged: boolean;
  /** False when the reference had been posted before. */
  isNew: boolean;
  transaction: LedgerTransactionRow;
  entries: LedgerEntryRow[];
};

const placeholder = (name: string) => sql.placeholder(name);

/**
 * One statement, one round trip: locks the accounts by id in id order (`FOR UPDATE`, so concurrent postings
 * over overlapping accounts queue instead of deadlocking), then — only when every account was locked (and the
 * order change, if any, changed its row) — inserts the transaction (a reference posted before inserts
 * nothing: a concurrent posting of it waits here until the first commits), its entries and the balance
 * moves, each only if the transaction was inserted. Lists go as arrays, so its text never varies.
 *
 * The balance moves also name their ids as `= ANY(…)`, which adds nothing to the join but lets the plan find
 * the rows by primary key: joined to `unnest` alone (estimated at 100 rows), a table the planner thinks small
 * was read whole for each posting (a new database's first minute, before autovacuum's first ANALYZE).
 *
 * It locks none of the accounts when one id names no row (an id remembered from a transaction that created the
 * account and rolled back): the caller then creates that account again, and holding the other accounts' locks
 * while waiting on another transaction creating the same account would close a cycle with it
 * (stale-account-ids.pg.test.ts).
 */
function postingSql(change: OrderChange | null): SQL {
  const accountIds = sql`${placeholder('accountIds')}::uuid[]`;
  const areAccountsLocked = sql`(SELECT count(*) FROM locked) = cardinality(${accountIds})`;
  const changed = change ? sql`, changed AS (${change.update(areAccountsLocked)})` : sql``;
  const isChanged = change ? sql`EXISTS (SELECT 1 FROM changed)` : sql`true`;
  return sql`
    WITH locked AS MATERIALIZED (
      SELECT ${ledgerAccounts.id} FROM ${ledgerAccounts} WHERE ${ledgerAccounts.id} = ANY(${accountIds})
        AND (SELECT count(*) FROM ${ledgerAccounts} WHERE ${ledgerAccounts.id} = ANY(${accountIds}))
          = cardinality(${accountIds})
      ORDER BY ${ledgerAccounts.id} FOR UPDATE
    )${changed}, created AS (
      INSERT INTO ${ledgerTransactions}
        (id, agency_id, kind, reference, player_id, provider, memo, reverses_id, created_at)
      SELECT ${placeholder('transactionId')}::uuid, ${placeholder('agencyId')}::uuid, ${placeholder('kind')}::text,
        ${placeholder('reference')}::text, ${placeholder('playerId')}::uuid, ${placeholder('provider')}::text,
        ${placeholder('memo')}::text, ${placeholder('reversesId')}::uuid, ${placeholder('at')}::timestamptz
      WHERE ${areAccountsLocked} AND ${isChanged}
      ON CONFLICT (reference) DO NOTHING
      RETURNING id
    ), appended AS (
      INSERT INTO ${ledgerEntries} (id, transaction_id, account_id, amount, currency)
      SELECT e.id, created.id, e.account_id, e.amount, e.currency
      FROM created, unnest(${placeholder('entryIds')}::uuid[], ${placeholder('entryAccountIds')}::uuid[],
        ${placeholder('entryAmounts')}::bigint[], ${placeholder('entryCurrencies')}::text[])
        AS e(id, account_id, amount, currency)
    ), moved AS (
      UPDATE ${ledgerAccounts} SET balance = ${ledgerAccounts.balance} + d.delta
      FROM created, unnest(${placeholder('deltaAccountIds')}::uuid[], ${placeholder('deltas')}::bigint[])
        AS d(id, delta)
      WHERE ${ledgerAccounts.id} = d.id AND ${ledgerAccounts.id} = ANY(${placeholder('deltaAccountIds')}::uuid[])
    )
    SELECT (SELECT count(*) FROM locked)::int AS locked, ${isChanged} AS changed,
      (SELECT count(*) FROM created)::int AS created`;
}

// Every posting is this statement (prepared once per kind of order change), on the path of every deposit.
const postingStatements = new Map<string, ReturnType<typeof preparedSql>>();

function postingStatement(change: OrderChange | null): ReturnType<typeof preparedSql> {
  const name = change ? `post_ledger_with_${change.name}` : 'post_ledger';
  let statement = postingStatements.get(name);
  if (!statement) {
    statement = preparedSql(name, postingSql(change));
    postingStatements.set(name, statement);
  }
  return statement;
}

async function appendPosting(
  db: DbOrTx,
  input: PostTransactionInput,
  ids: Map<string, string>,
  change: OrderChange | null,
): Promise<Appended> {
  const transaction: LedgerTransactionRow = {
    id: randomUUID(),
    agencyId: input.agencyId,
    kind: input.kind,
    reference: input.reference,
    playerId: input.playerId ?? null,
    provider: input.provider ?? null,
    memo: input.memo ?? null,
    reversesId: input.reversesId ?? null,
    createdAt: input.at,
  };
  const entries: LedgerEntryRow[] = input.entries.map((e) => ({
    id: randomUUID(),
    transactionId: transaction.id,
    accountId: ids.get(accountKeyString(e.account)) as string,
    amount: e.amount,
    currency: e.account.currency,
  }));
  const deltas = new Map<string, bigint>();
  for (const e of entries) deltas.set(e.accountId, (deltas.get(e.accountId) ?? 0n) + e.amount);
  const values: Record<string, unknown> = {
    accountIds: [...ids.values()],
    transactionId: transaction.id,
    agencyId: transaction.agencyId,
    kind: transaction.kind,
    reference: transaction.reference,
    playerId: transaction.playerId,
    provider: transaction.provider,
    memo: transaction.memo,
    reversesId: transaction.reversesId,
    at: transaction.createdAt.toISOString(),
    entryIds: entries.map((e) => e.id),
    entryAccountIds: entries.map((e) => e.accountId),
    entryAmounts: entries.map((e) => e.amount.toString()),
    entryCurrencies: entries.map((e) => e.currency),
    deltaAccountIds: [...deltas.keys()],
    deltas: [...deltas.values()].map((delta) => delta.toString()),
  };
  for (const name of Object.keys(change?.values ?? {})) {
    if (name in values) throw new Error(`order change value ${name} clashes with the posting's`);
  }
  const result = await postingStatement(change)(db, { ...values, ...change?.values });
  const [row] = rowsOf<{ locked: number; changed: boolean; created: number }>(result);
  return {
    locked: row?.locked ?? 0,
    isChanged: row?.changed === true,
    isNew: row?.created === 1,
    transaction,
    entries,
  };
}

/** The posting made under `reference`, and its entries as movements of accounts (for the replay check). */
async function findPosted(
  tx: DbOrTx,
  reference: string,
): Promise<{ posted: PostedTransaction; movements: PostingEntry[] }> {
  const [transaction] = await tx
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, reference));
  if (!transaction) throw new Error(`ledger transaction ${reference} vanished`);
  const rows = await tx
    .select({ entry: ledgerEntries, account: ledgerAccounts })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.transactionId, transaction.id))
    .orderBy(asc(ledgerEntries.id));
  return {
    posted: { transaction, entries: rows.map((row) => row.entry), isNew: false },
    movements: rows.map(({ entry, account }) => ({ account, amount: entry.amount })),
  };
}
