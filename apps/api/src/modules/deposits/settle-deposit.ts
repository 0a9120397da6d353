import type { FastifyInstance } from 'fastify';
import type { BankPayment } from '../../adapters/payments/payment-gateway';
import type { DepositRow } from '../../db/schema/deposits';
import { recordBankPayment } from '../bank-payments/record-bank-payment';
import { creditClaimedDeposit, creditDeposit, creditLeaseUntil, runningCredit } from './credit-deposit';
import { findDepositByCode } from './deposits-repository';

/** The bill a deposit's QR carries: the bank's bill id, or the order code for deposits made before them. */
export const billOf = (row: DepositRow): string => row.bankBillId ?? row.code;

/** What settling payments did: the order as it stands afterwards, and whether this call tried to credit it. */
export type SettledPayments = { deposit: DepositRow | null; hasCredited: boolean };

/**
 * Records payments the bank reported (bank-payments/record-bank-payment.ts) and credits the one that matched
 * its order, if any. Answers the order of the last payment as it stands afterwards (null: no order).
 */
export async function settlePayments(
  app: FastifyInstance,
  payments: readonly BankPayment[],
): Promise<SettledPayments> {
  const leaseUntil = creditLeaseUntil(app, app.now());
  let settled: DepositRow | null = null;
  let claimed: DepositRow | null = null;
  for (const payment of payments) {
    const recorded = await recordBankPayment(app, payment, leaseUntil);
    if (recorded.isClaimed) claimed = recorded.deposit;
    settled = recorded.deposit ?? settled;
  }
  if (claimed) return { deposit: await creditClaimedDeposit(app, claimed, leaseUntil), hasCredited: true };
  return { deposit: settled, hasCredited: false };
}

/**
 * Moves a deposit as far as it can go now; safe to call any number of times, concurrently, from a check,
 * the bank's webhook or the worker. OPEN: asks the bank (or uses the `payments` at hand) and records them, so
 * a matching one marks it PAID and is credited; any other state with `isPlayerCheck`: asks the bank too, so a
 * payment made after the close (late-paid) or a second payment of the bill is kept for staff; PAID: credits it
 * (→ SUCCESS, or stays PAID for a retry), or waits for the credit this process is running for it; anything
 * else: unchanged. Null for an unknown code. Throws BankUnavailableError when the bank must be asked and
 * cannot answer.
 */
export async function settleDeposit(
  app: FastifyInstance,
  code: string,
  options: { payments?: readonly BankPayment[]; row?: DepositRow; isPlayerCheck?: boolean } = {},
): Promise<DepositRow | null> {
  // Being credited by this process right now: its outcome is the answer (no claim that must fail).
  const running = runningCredit(app, code);
  if (running) return running;
  let row = options.row ?? (await findDepositByCode(app.db, code));
  if (!row) return null;
  // A player's check asks the bank whatever the order's state: a payment after the close, or a second
  // payment of a settled bill whose webhook was lost, is then kept for staff instead of never being seen.
  if (row.status === 'OPEN' || options.isPlayerCheck) {
    const payments = options.payments ?? (await app.paymentGateway.findPaymentsByBill(billOf(row)));
    if (payments.length === 0) return row;
    const settled = await settlePayments(app, payments);
    // This call's own credit attempt is the answer (a failure stays PAID for the worker's retry).
    if (settled.hasCredited && settled.deposit?.code === code) return settled.deposit;
    row = settled.deposit?.code === code ? settled.deposit : ((await findDepositByCode(app.db, code)) ?? row);
  }
  if (row.status === 'PAID' && !row.isAmountMismatch) {
    return runningCredit(app, code) ?? creditDeposit(app, code);
  }
  return row;
}
