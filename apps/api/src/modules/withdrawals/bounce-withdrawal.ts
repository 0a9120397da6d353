import { formatMinor } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import { type WithdrawalRow, withdrawals } from '../../db/schema/withdrawals';
import { AppError } from '../../lib/app-error';
import { postTransaction } from '../ledger/post-transaction';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { payoutEntries } from './payout-entries';
import { withdrawalReference } from './withdrawal-code';
import { lockWithdrawal } from './withdrawals-repository';

export type BounceWithdrawalInput = {
  agency: AgencyRow;
  code: string;
  /** The bank's reference of the returned transfer. */
  bankReference: string;
  actor: string;
  scope: AuditScope;
  now: Date;
};

/**
 * The bank sent a payout back (domain rule 9): SUCCESS → BOUNCED with the bank's reference, the payout
 * booked back in both currencies (BOUNCE `<code>:bounce:<n>`: LAK {BANK +payout, PAYOUT_OWED −payout}, THB
 * {house → the player's payout account}), so the player is owed it again until staff re-pay it (approve) or
 * credit it back (reject). One transaction under the order's row lock, audited; anything but SUCCESS → 409.
 */
export async function bounceWithdrawal(db: Db, input: BounceWithdrawalInput): Promise<WithdrawalRow> {
  const { agency, code, now } = input;
  return db.transaction(async (tx) => {
    const order = await lockWithdrawal(tx, agency.id, code);
    if (!order) throw new AppError(404, 'NOT_FOUND', `No withdrawal ${code.slice(0, 40)}`);
    if (order.status !== 'SUCCESS') {
      throw new AppError(
        409,
        'ORDER_NOT_OPEN',
        `Withdrawal ${order.code} is ${order.status}: only a paid-out (SUCCESS) withdrawal can bounce`,
      );
    }
    const bounces = order.bounces + 1;
    const entries = payoutEntries(order, -1n);
    if (entries.length > 0) {
      await postTransaction(tx, {
        agencyId: order.agencyId,
        kind: 'BOUNCE',
        reference: withdrawalReference.bounce(code, bounces),
        playerId: order.playerId,
        provider: order.provider,
        memo: `withdrawal ${code} payout bounced (${formatMinor(order.payoutAmount, 'LAK')} LAK, bank ${input.bankReference})`,
        at: now,
        entries,
      });
    }
    const [bounced] = await tx
      .update(withdrawals)
      .set({ status: 'BOUNCED', bounces, bounceReference: input.bankReference, updatedAt: now })
      .where(eq(withdrawals.id, order.id))
      .returning();
    await recordAudit(tx, {
      actor: input.actor,
      scope: input.scope,
      action: 'withdrawal.bounced',
      target: `withdrawal:${code}`,
      details: {
        playerId: order.playerId,
        payoutAmount: formatMinor(order.payoutAmount, 'LAK'),
        paidReference: order.bankReference,
        bankReference: input.bankReference,
        bounces,
      },
      at: now,
    });
    return bounced as WithdrawalRow;
  });
}
