import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { agencies } from '../../db/schema/agency';
import { type WithdrawalRow, withdrawals } from '../../db/schema/withdrawals';
import { creditBackoffMs } from '../deposits/credit-deposit';
import { bookWithdrawalBack } from './book-withdrawal-back';
import { transferWithLookUps } from './transfer-with-look-ups';
import { withdrawalReference } from './withdrawal-code';

/** From this many failed tries of the transfer back on, each failure is logged as `withdrawal.return_stuck`. */
export const RETURN_ALERT_AFTER_ATTEMPTS = 5;

/**
 * Transfers the credit of a RETURNING (or BOUNCE_RETURNING) withdrawal back in to the provider under `<code>:back` and books it.
 * Safe to repeat at any time, in parallel too: the provider applies a reference once and a transfer in
 * cannot be refused for balance, so a lost answer is resolved by simply sending the same reference again.
 * Answers the order: REJECTED once done, still RETURNING when the provider's answer is unknown or refused;
 * then the failure is counted and the worker waits a backoff before the next try (it never gives up: the
 * credit is the player's), and from RETURN_ALERT_AFTER_ATTEMPTS failures on each one is an alert.
 */
export async function returnWithdrawalCredit(
  app: FastifyInstance,
  order: WithdrawalRow,
  log: FastifyBaseLogger,
): Promise<WithdrawalRow> {
  const [agency] = await app.db
    .select({ code: agencies.code })
    .from(agencies)
    .where(eq(agencies.id, order.agencyId));
  if (!agency) throw new Error(`agency of withdrawal ${order.code} vanished`);
  const provider = app.providers.of(order.agencyId, order.provider);
  const member = providerMemberOf(agency.code, order.playerId);
  const reference = withdrawalReference.back(order.code);
  const outcome = await transferWithLookUps(provider, member, 'in', order.amount, reference, log);
  if (outcome.status === 'applied') return bookWithdrawalBack(app.db, order.code, app.now());
  const failure = outcome.status === 'rejected' ? outcome.code : outcome.reason;
  const failed = await recordReturnFailure(app, order.code, failure);
  if (!failed) return reload(app, order);
  if (failed.returnAttempts >= RETURN_ALERT_AFTER_ATTEMPTS) {
    log.warn(
      {
        event: 'withdrawal.return_stuck',
        code: order.code,
        reference,
        attempts: failed.returnAttempts,
        failure: failure.slice(0, 200),
        nextAttemptAt: failed.nextAttemptAt?.toISOString(),
      },
      'credit of a rejected withdrawal still not back at the provider',
    );
  }
  return failed;
}

/**
 * Counts one failed transfer back of a still RETURNING (or BOUNCE_RETURNING) order under its row lock (a parallel try may have
 * finished it meanwhile: then nothing is written and null answered), and sets when the worker tries again.
 */
async function recordReturnFailure(
  app: FastifyInstance,
  code: string,
  failure: string,
): Promise<WithdrawalRow | null> {
  return app.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(withdrawals).where(eq(withdrawals.code, code)).for('update');
    if (locked?.status !== 'RETURNING' && locked?.status !== 'BOUNCE_RETURNING') return null;
    const now = app.now();
    const attempts = locked.returnAttempts + 1;
    const nextAttemptAt = new Date(now.getTime() + creditBackoffMs(attempts));
    const summary = ` (transfer back failed ${attempts} times; next try ${nextAttemptAt.toISOString()})`;
    const [updated] = await tx
      .update(withdrawals)
      .set({
        failure: failure.slice(0, 500 - summary.length) + summary,
        returnAttempts: attempts,
        nextAttemptAt,
        updatedAt: now,
      })
      .where(eq(withdrawals.id, locked.id))
      .returning();
    return updated ?? null;
  });
}

async function reload(app: FastifyInstance, order: WithdrawalRow): Promise<WithdrawalRow> {
  const [current] = await app.db.select().from(withdrawals).where(eq(withdrawals.code, order.code));
  return current ?? order;
}
