import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { providerMemberOf } from '../../adapters/providers/member-name';
import { agencies } from '../../db/schema/agency';
import { type WithdrawalRow, withdrawals } from '../../db/schema/withdrawals';
import { bookWithdrawalBack } from './book-withdrawal-back';
import { transferWithLookUps } from './transfer-with-look-ups';
import { withdrawalReference } from './withdrawal-code';

/**
 * Transfers the credit of a RETURNING withdrawal back in to the provider under `<code>:back` and books it.
 * Safe to repeat at any time, in parallel too: the provider applies a reference once and a transfer in
 * cannot be refused for balance, so a lost answer is resolved by simply sending the same reference again.
 * Answers the order: REJECTED once done, still RETURNING when the provider's answer is unknown or refused.
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
  const provider = app.providers.get(order.provider);
  const member = providerMemberOf(agency.code, order.playerId);
  const reference = withdrawalReference.back(order.code);
  const outcome = await transferWithLookUps(provider, member, 'in', order.amount, reference, log);
  if (outcome.status === 'applied') return bookWithdrawalBack(app.db, order.code, app.now());
  const failure = outcome.status === 'rejected' ? outcome.code : outcome.reason;
  const [current] = await app.db
    .update(withdrawals)
    .set({ failure: failure.slice(0, 500) })
    .where(eq(withdrawals.code, order.code))
    .returning();
  return current ?? order;
}
