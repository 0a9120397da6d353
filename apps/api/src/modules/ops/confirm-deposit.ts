import { formatMinor } from '@lc/shared/money';
import type { FastifyInstance } from 'fastify';
import type { AgencyRow } from '../../db/schema/agency';
import type { DepositRow } from '../../db/schema/deposits';
import { AppError } from '../../lib/app-error';
import { applyPaymentToDeposit } from '../bank-payments/apply-payment-to-deposit';
import { lockAgencyPayment } from '../bank-payments/lock-agency-payment';
import { creditDeposit, isBeingCredited } from '../deposits/credit-deposit';
import { findDepositByCode, lockDeposit } from '../deposits/deposits-repository';
import { type AuditScope, recordAudit } from './record-audit';

export type DepositDecisionInput = {
  agency: AgencyRow;
  code: string;
  actor: string;
  scope: AuditScope;
  /** Why (reject), or staff's note (confirm). */
  note: string | null;
};

/** The deposit of the agency, locked, or 404 (another agency's code is not found either). */
export async function lockAgencyDeposit(
  tx: Parameters<typeof lockDeposit>[0],
  agencyId: string,
  code: string,
) {
  const row = await lockDeposit(tx, code);
  if (!row || row.agencyId !== agencyId)
    throw new AppError(404, 'NOT_FOUND', `No deposit ${code.slice(0, 40)}`);
  return row;
}

/**
 * Staff confirm a deposit against a stored bank payment (domain.md rule 2): an OPEN, PAID (e.g. another
 * amount paid) or FAILED order, with a payment that is UNMATCHED, or already MATCHED to this very order (a
 * FAILED order's own payment; a payment of this order's bill that staff settled to another order is not). Anything else → 409 PAYMENT_ALREADY_RESOLVED: a bank reference settles one
 * order only. The credit is computed from the paid kip (applyPaymentToDeposit), audited in the same
 * transaction, then credited through the deposit module's own path (`<code>:in`, once). Answers the deposit:
 * SUCCESS, or still PAID when the provider did not apply the credit (the worker retries).
 */
export async function confirmDeposit(
  app: FastifyInstance,
  input: DepositDecisionInput & { paymentId: string },
): Promise<DepositRow> {
  const now = app.now();
  await app.db.transaction(async (tx) => {
    const row = await lockAgencyDeposit(tx, input.agency.id, input.code);
    if (row.status !== 'OPEN' && row.status !== 'PAID' && row.status !== 'FAILED') {
      throw new AppError(409, 'ORDER_NOT_OPEN', `Deposit ${row.code} is ${row.status}`);
    }
    if (isBeingCredited(row, now)) {
      throw new AppError(409, 'TRANSFER_PENDING', `Deposit ${row.code} is being credited right now`);
    }
    const payment = await lockAgencyPayment(tx, input.agency.id, input.paymentId);
    // A payment keeps naming the order whose bill it paid (`depositId`), but the order it settled is the one
    // staff settled it to (`creditedDepositId`): only that order may be confirmed with it again.
    const isOwnPayment =
      payment.status === 'MATCHED' && (payment.creditedDepositId ?? payment.depositId) === row.id;
    if (payment.status !== 'UNMATCHED' && !isOwnPayment) {
      throw new AppError(409, 'PAYMENT_ALREADY_RESOLVED', `Bank payment ${payment.id} is ${payment.status}`);
    }
    const paid = await applyPaymentToDeposit(tx, row, payment, {
      status: 'MATCHED',
      actor: input.actor,
      now,
    });
    await recordAudit(tx, {
      actor: input.actor,
      scope: input.scope,
      action: 'deposit.confirm',
      target: `deposit:${row.code}`,
      details: {
        playerId: row.playerId,
        previousStatus: row.status,
        paymentId: payment.id,
        bankReference: payment.bankReference,
        amount: formatMinor(row.amount, 'LAK'),
        paidAmount: formatMinor(payment.amount, 'LAK'),
        creditBefore: formatMinor(row.credit + row.bonus, 'THB'),
        credit: formatMinor(paid.credit + paid.bonus, 'THB'),
        note: input.note,
      },
      at: now,
    });
  });
  return (
    (await creditDeposit(app, input.code)) ?? ((await findDepositByCode(app.db, input.code)) as DepositRow)
  );
}
