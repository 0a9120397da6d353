import { formatMinor } from '@lc/shared/money';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AgencyRow } from '../../db/schema/agency';
import { type BankPaymentRow, bankPayments } from '../../db/schema/bank-payments';
import { type DepositRow, deposits } from '../../db/schema/deposits';
import { AppError } from '../../lib/app-error';
import { applyPaymentToDeposit } from '../bank-payments/apply-payment-to-deposit';
import { lockAgencyPayment } from '../bank-payments/lock-agency-payment';
import { creditDeposit, creditLeaseUntil, isBeingCredited } from '../deposits/credit-deposit';
import { findDepositByCode, lockDeposit } from '../deposits/deposits-repository';
import { completeLandedCredit, hasCreditLanded, releaseLease } from './look-up-landed-credit';
import { type AuditEntry, type AuditScope, recordAudit } from './record-audit';

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
 * FAILED order's own payment; a payment of this order's bill that staff settled to another order is not).
 * Anything else → 409 PAYMENT_ALREADY_RESOLVED: a bank reference settles one order only; and an order a
 * payment already settled takes no other (409 DEPOSIT_ALREADY_PAID). The credit is
 * computed from the paid kip (applyPaymentToDeposit), audited in the same transaction, then credited through
 * the deposit module's own path (`<code>:in`, once). Answers the deposit: SUCCESS, or still PAID when the
 * provider did not apply the credit (the worker retries).
 *
 * A PAID or FAILED order may have its credit at the provider already (look-up-landed-credit.ts): it is looked
 * up first, under the order's credit lease. Found, the order is completed with the credit that landed; with
 * its own payment that is the confirm's answer, with another payment 409 DEPOSIT_ALREADY_CREDITED and that
 * payment stays UNMATCHED (refund it): recomputing the credit from it would send `<code>:in` again with
 * another amount, which the provider refuses, and leave the provider ahead of the ledger.
 */
export async function confirmDeposit(
  app: FastifyInstance,
  input: DepositDecisionInput & { paymentId: string },
): Promise<DepositRow> {
  const leaseUntil = creditLeaseUntil(app, app.now());
  const { before, isOwnPayment } = await app.db.transaction(async (tx) => {
    const locked = await lockConfirmable(tx, input, app.now(), null);
    if (locked.row.status !== 'OPEN') {
      await tx.update(deposits).set({ creditLeaseUntil: leaseUntil }).where(eq(deposits.id, locked.row.id));
    }
    return { before: locked.row, isOwnPayment: locked.isOwnPayment };
  });
  if (before.status !== 'OPEN' && (await hasCreditLanded(app, before, leaseUntil))) {
    await completeLandedCredit(app, before, leaseUntil);
    const completed = (await findDepositByCode(app.db, input.code)) as DepositRow;
    await recordAudit(app.db, auditOf(input, before, null, app.now(), 'DEPOSIT_ALREADY_CREDITED'));
    if (isOwnPayment) return completed;
    throw new AppError(
      409,
      'DEPOSIT_ALREADY_CREDITED',
      `Deposit ${before.code}: its credit reached the provider; it is completed, and the payment still waits`,
    );
  }
  await app.db
    .transaction(async (tx) => {
      const now = app.now();
      const held = before.status === 'OPEN' ? null : leaseUntil;
      const { row, payment } = await lockConfirmable(tx, input, now, held, true);
      const resolution = { status: 'MATCHED' as const, actor: input.actor, now };
      const paid = await applyPaymentToDeposit(tx, row, payment, resolution);
      await recordAudit(tx, auditOf(input, row, { payment, paid }, now));
    })
    .catch(async (error: unknown) => {
      // Refused after the look-up (the payment was settled elsewhere meanwhile): the lease goes at once.
      if (before.status !== 'OPEN') await releaseLease(app.db, before.code, leaseUntil);
      throw error;
    });
  return (
    (await creditDeposit(app, input.code)) ?? ((await findDepositByCode(app.db, input.code)) as DepositRow)
  );
}

/**
 * The deposit and the payment, locked in that order (docs/decisions/0062), if staff may confirm one with the
 * other. `leaseUntil`: the lease this confirm took before looking at the provider, which a PAID or FAILED
 * order must still carry (otherwise it changed meanwhile: look again); null before it is taken. `isSettling`:
 * the call that settles the order with the payment.
 */
async function lockConfirmable(
  tx: Parameters<typeof lockDeposit>[0],
  input: DepositDecisionInput & { paymentId: string },
  now: Date,
  leaseUntil: Date | null,
  isSettling = false,
) {
  const row = await lockAgencyDeposit(tx, input.agency.id, input.code);
  if (row.status !== 'OPEN' && row.status !== 'PAID' && row.status !== 'FAILED') {
    throw new AppError(409, 'ORDER_NOT_OPEN', `Deposit ${row.code} is ${row.status}`);
  }
  const isChanged =
    leaseUntil === null
      ? isBeingCredited(row, now)
      : row.creditLeaseUntil?.getTime() !== leaseUntil.getTime();
  if (isChanged)
    throw new AppError(409, 'TRANSFER_PENDING', `Deposit ${row.code} is being credited right now`);
  const payment = await lockAgencyPayment(tx, input.agency.id, input.paymentId);
  // A payment keeps naming the order whose bill it paid (`depositId`), but the order it settled is the one
  // staff settled it to (`creditedDepositId`): only that order may be confirmed with it again.
  const isOwnPayment =
    payment.status === 'MATCHED' && (payment.creditedDepositId ?? payment.depositId) === row.id;
  if (payment.status !== 'UNMATCHED' && !isOwnPayment) {
    throw new AppError(409, 'PAYMENT_ALREADY_RESOLVED', `Bank payment ${payment.id} is ${payment.status}`);
  }
  // An order a payment already settled (PAID, its credit failing; or staff credited a late payment to it)
  // keeps that payment: settling it with
  // another would leave the first MATCHED to an order it no longer settles, neither credited nor refundable.
  // (Payments that settle an order change only under its row lock, held here.) Checked when settling, after
  // the look-up: a credit that landed meanwhile answers DEPOSIT_ALREADY_CREDITED and completes the order.
  if (isSettling && !isOwnPayment) {
    const [settling] = await tx
      .select({ id: bankPayments.id })
      .from(bankPayments)
      .where(
        and(
          // MATCHED by the bank or a confirm, or CREDITED by staff (a late payment credited to its order).
          inArray(bankPayments.status, ['MATCHED', 'CREDITED']),
          sql`coalesce(${bankPayments.creditedDepositId}, ${bankPayments.depositId}) = ${row.id}`,
        ),
      );
    if (settling) {
      throw new AppError(
        409,
        'DEPOSIT_ALREADY_PAID',
        `Deposit ${row.code} is paid by bank payment ${settling.id}`,
      );
    }
  }
  return { row, payment, isOwnPayment };
}

function auditOf(
  input: DepositDecisionInput & { paymentId: string },
  row: DepositRow,
  settled: { payment: BankPaymentRow; paid: DepositRow } | null,
  at: Date,
  outcome?: string,
): AuditEntry {
  return {
    actor: input.actor,
    scope: input.scope,
    action: 'deposit.confirm',
    target: `deposit:${row.code}`,
    details: {
      playerId: row.playerId,
      previousStatus: row.status,
      paymentId: settled?.payment.id ?? input.paymentId,
      bankReference: settled?.payment.bankReference ?? null,
      amount: formatMinor(row.amount, 'LAK'),
      paidAmount: settled ? formatMinor(settled.payment.amount, 'LAK') : null,
      creditBefore: formatMinor(row.credit + row.bonus, 'THB'),
      credit: settled ? formatMinor(settled.paid.credit + settled.paid.bonus, 'THB') : null,
      note: input.note,
      ...(outcome ? { outcome } : {}),
    },
    at,
  };
}
