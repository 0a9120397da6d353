import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TransferOutcome } from '../../adapters/providers/game-provider';
import type { Db, DbOrTx } from '../../db/client';
import { agencies } from '../../db/schema/agency';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { perDatabase } from '../../lib/per-database';
import { ensureProviderMember } from '../credits/ensure-provider-member';
import {
  bankAccount,
  bonusAccount,
  fxAccount,
  houseAccount,
  playerProviderAccount,
} from '../ledger/account-key';
import { type OrderChange, type PostingEntry, postTransactionWith } from '../ledger/post-transaction';
import { markUsageUsed } from '../promotions/promotion-deposit-rules';
import { depositCreditReference } from './deposit-code';
import { findDepositByCode } from './deposits-repository';

/** After this many failed credit attempts a deposit becomes FAILED and waits for staff (domain.md). */
export const MAX_CREDIT_ATTEMPTS = 10;
// Longer than one credit attempt can take (member call and look-up with their retries, the transfer: about
// 7 client timeouts); only matters if a process dies mid-credit, when it is how long the worker must wait.
const leaseMs = (providerTimeoutMs: number) => 8 * providerTimeoutMs + 10_000;
// Pauses after the 1st, 2nd, … failed attempt. A player waits at the QR screen: most failures are one-offs
// (an error, a time-out, a lost answer), so the first five tries come within 18 s of pauses — under issue #12's
// faults a deposit still failed four times in a row once in 50–100, and a 1 min pause after the 4th made
// such a deposit wait ~100 s (decision 0060). A provider that stays down gets the long pauses, and the 10th
// failure (about 1 h 5 min after the payment) makes it FAILED for staff.
const CREDIT_BACKOFF_MS = [
  1_000,
  2_000,
  5_000,
  10_000,
  30_000,
  2 * 60_000,
  10 * 60_000,
  20 * 60_000,
  30 * 60_000,
];

/** When the worker should try again after `attempts` failures: 1, 2, 5, 10, 30 s, 2, 10, 20, then 30 min. */
export function creditBackoffMs(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), CREDIT_BACKOFF_MS.length) - 1;
  return CREDIT_BACKOFF_MS[index] ?? 30 * 60_000;
}

/** Until when a settler that starts crediting at `now` holds the credit lease. */
export function creditLeaseUntil(app: FastifyInstance, now: Date): Date {
  return new Date(now.getTime() + leaseMs(app.config.providerTimeoutMs));
}

/** A deposit whose credit transfer is running right now (its lease is held): it must not change under it. */
export const isBeingCredited = (row: DepositRow, now: Date): boolean =>
  row.creditLeaseUntil !== null && row.creditLeaseUntil > now;

/**
 * PAID → SUCCESS: transfers credit + bonus in to the provider under `<code>:in`, then posts the DEPOSIT
 * ledger transaction (same reference), moves its promotion usage to USED and sets SUCCESS in one database
 * transaction under the row lock.
 * A short lease keeps parallel settlers from all calling the provider; correctness does not rest on it:
 * the provider applies a reference once and the ledger posts a reference once, so even two concurrent
 * attempts credit once. A refused or unanswered transfer leaves PAID with attempts + 1 and a retry time;
 * the 10th failure makes it FAILED. Returns the row as it stands afterwards.
 */
export async function creditDeposit(app: FastifyInstance, code: string): Promise<DepositRow | null> {
  const { db } = app;
  const now = app.now();
  const leaseUntil = creditLeaseUntil(app, now);
  const [claimed] = await db
    .update(deposits)
    .set({ creditLeaseUntil: leaseUntil })
    .where(
      and(
        eq(deposits.code, code),
        eq(deposits.status, 'PAID'),
        eq(deposits.isAmountMismatch, false),
        or(isNull(deposits.creditLeaseUntil), lte(deposits.creditLeaseUntil, now)),
      ),
    )
    .returning();
  // Someone else is crediting it (when in this process, its outcome is the answer), or it is no longer
  // PAID: report it as it is.
  if (!claimed) return runningCredit(app, code) ?? findDepositByCode(db, code);
  return creditClaimedDeposit(app, claimed, leaseUntil);
}

// Credits running in this process, by database and deposit code. A check or webhook that finds its deposit
// being credited here waits for that attempt's outcome instead of claiming the lease in vain, reading the row
// again and answering PAID (after which the player checks once more). Another process's credit is not seen
// here: that caller finds the lease taken and answers the row as it stands, as before.
const runningCreditsOf = perDatabase((_db: Db) => new Map<string, Promise<DepositRow | null>>());

/**
 * The outcome of the credit attempt this process is running for the deposit, if one is. Should that attempt
 * fail outright (its own caller gets the error), a waiter answers the deposit as it stands instead.
 */
export function runningCredit(app: FastifyInstance, code: string): Promise<DepositRow | null> | undefined {
  return runningCreditsOf(app.db)
    .get(code)
    ?.catch(() => findDepositByCode(app.db, code));
}

/**
 * {@link creditDeposit} of a deposit whose lease (until `leaseUntil`) this settler already holds, e.g. taken
 * in the same statement that marked it PAID (mark-deposit-paid.ts). The lease is given up on the way out
 * if the attempt ends without settling.
 */
export function creditClaimedDeposit(
  app: FastifyInstance,
  claimed: DepositRow,
  leaseUntil: Date,
): Promise<DepositRow | null> {
  const running = runningCreditsOf(app.db);
  const attempt = attemptCredit(app, claimed, leaseUntil).finally(() => running.delete(claimed.code));
  running.set(claimed.code, attempt);
  return attempt;
}

async function attemptCredit(
  app: FastifyInstance,
  claimed: DepositRow,
  leaseUntil: Date,
): Promise<DepositRow | null> {
  let isSettled = false;
  try {
    const outcome = await transferIn(app, claimed);
    const result =
      outcome.status === 'applied'
        ? await bookCredit(app, claimed)
        : await recordFailure(app, claimed, outcome);
    isSettled = true;
    return result;
  } finally {
    if (!isSettled) {
      await app.db
        .update(deposits)
        .set({ creditLeaseUntil: null })
        .where(and(eq(deposits.code, claimed.code), eq(deposits.creditLeaseUntil, leaseUntil)))
        .catch(() => undefined);
    }
  }
}

// Agency codes never change (they name the provider members), so each process asks for one once.
const agencyCodes = new Map<string, string>();

async function agencyCodeOf(app: FastifyInstance, agencyId: string): Promise<string> {
  const known = agencyCodes.get(agencyId);
  if (known) return known;
  const [agency] = await app.db
    .select({ code: agencies.code })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  if (!agency) throw new Error(`agency ${agencyId} vanished`);
  agencyCodes.set(agencyId, agency.code);
  return agency.code;
}

async function transferIn(app: FastifyInstance, row: DepositRow): Promise<TransferOutcome> {
  const provider = app.providers.of(row.agencyId, row.provider);
  const agencyCode = await agencyCodeOf(app, row.agencyId);
  const owner = { agencyId: row.agencyId, agencyCode, playerId: row.playerId };
  try {
    const member = await ensureProviderMember(app.db, provider, owner, app.log);
    return await provider.transfer(member, 'in', row.credit + row.bonus, depositCreditReference(row.code));
  } catch (error) {
    // Nothing was sent (the member call failed) or the client broke: either way not applied, retry later.
    return { status: 'unknown', reason: error instanceof Error ? error.message : String(error) };
  }
}

// PAID → SUCCESS as the order change of the DEPOSIT posting (one statement): the guarded UPDATE takes the
// row lock (as SELECT … FOR UPDATE would) after the ledger accounts', and nothing is posted unless it changed
// the row.
const markSucceeded: OrderChange['update'] = (areAccountsLocked) => {
  const at = sql`${sql.placeholder('succeededAt')}::timestamptz`;
  return sql`UPDATE ${deposits} SET status = 'SUCCESS', credited_at = ${at}, closed_at = ${at},
      last_error = NULL, next_attempt_at = NULL, credit_lease_until = NULL, updated_at = ${at}
    WHERE ${deposits.code} = ${sql.placeholder('code')} AND ${deposits.status} = 'PAID'
      AND ${areAccountsLocked}
    RETURNING ${deposits.id}`;
};

async function bookCredit(app: FastifyInstance, claimed: DepositRow): Promise<DepositRow> {
  const now = app.now();
  const { code, playerId, provider, credit, bonus } = claimed;
  // The kip the bank received for it (staff may credit a payment of another amount: rule 1 and 2).
  const paid = claimed.paidAmount ?? claimed.amount;
  // Both currencies in the one posting statement (decision 0027): no round trip more, two rows more locked.
  const entries: PostingEntry[] = [
    { account: houseAccount('THB'), amount: -credit },
    { account: playerProviderAccount(playerId, provider), amount: credit + bonus },
    { account: bankAccount(), amount: paid },
    { account: fxAccount(), amount: -paid },
  ];
  if (bonus > 0n) entries.push({ account: bonusAccount('THB'), amount: -bonus });
  const book = async (db: DbOrTx): Promise<DepositRow | null> => {
    const posted = await postTransactionWith(
      db,
      { name: 'deposit_success', update: markSucceeded, values: { code, succeededAt: now.toISOString() } },
      {
        agencyId: claimed.agencyId,
        kind: 'DEPOSIT',
        reference: depositCreditReference(code),
        playerId,
        provider,
        memo: `deposit ${code}`,
        at: now,
        entries,
      },
    );
    if (!posted) return null;
    // What markSucceeded wrote; the lease kept every other writer off the row.
    const done: DepositRow = {
      ...claimed,
      status: 'SUCCESS',
      creditedAt: now,
      closedAt: now,
      lastError: null,
      nextAttemptAt: null,
      creditLeaseUntil: null,
      updatedAt: now,
    };
    // Its promotion usage (if any) becomes USED with the target fixed, in the same transaction as the bonus.
    await markUsageUsed(db, done, now);
    return done;
  };
  // Without a promotion usage nothing else joins the posting: no transaction round trips.
  const done = claimed.promotionUsageId ? await app.db.transaction(book) : await book(app.db);
  // Counted once committed, and only by the settler whose posting it was.
  if (done) app.metrics.depositCredited(provider, credit, bonus);
  return done ?? (await findDepositByCode(app.db, code)) ?? claimed;
}

async function recordFailure(
  app: FastifyInstance,
  claimed: DepositRow,
  outcome: Exclude<TransferOutcome, { status: 'applied' }>,
): Promise<DepositRow | null> {
  const now = app.now();
  const attempts = claimed.attempts + 1;
  const isFinal = attempts >= MAX_CREDIT_ATTEMPTS;
  const lastError =
    outcome.status === 'rejected' ? `rejected: ${outcome.code}` : `unknown: ${outcome.reason}`;
  app.log.warn({ code: claimed.code, attempts, outcome }, 'deposit credit not applied');
  const [row] = await app.db
    .update(deposits)
    .set({
      attempts,
      lastError: lastError.slice(0, 500),
      status: isFinal ? 'FAILED' : 'PAID',
      nextAttemptAt: isFinal ? null : new Date(now.getTime() + creditBackoffMs(attempts)),
      closedAt: isFinal ? now : null,
      creditLeaseUntil: null,
      updatedAt: now,
    })
    .where(and(eq(deposits.code, claimed.code), eq(deposits.status, 'PAID')))
    .returning();
  return row ?? findDepositByCode(app.db, claimed.code);
}
