import type { FastifyInstance } from 'fastify';
import type { BankPayment } from '../../adapters/payments/payment-gateway';
import type { DepositRow } from '../../db/schema/deposits';
import { creditDeposit } from './credit-deposit';
import { findDepositByCode } from './deposits-repository';
import { markDepositPaid } from './mark-deposit-paid';

/**
 * Moves a deposit as far as it can go now; safe to call any number of times, concurrently, from a check,
 * the bank's webhook or the worker. OPEN: asks the bank (or uses the webhook's `payment`) and marks it PAID;
 * PAID: credits it (→ SUCCESS, or stays PAID for a retry); anything else: unchanged. Null for an unknown
 * code. Throws BankUnavailableError when the bank must be asked and cannot answer.
 */
export async function settleDeposit(
  app: FastifyInstance,
  code: string,
  options: { payment?: BankPayment; row?: DepositRow } = {},
): Promise<DepositRow | null> {
  // A caller that has just read the row passes it: one statement less per check and per webhook.
  let row = options.row ?? (await findDepositByCode(app.db, code));
  if (!row) return null;
  if (row.status === 'OPEN') {
    const payment = options.payment ?? (await app.paymentGateway.findPaymentByBill(code));
    if (!payment) return row;
    row = await markDepositPaid(app, code, payment);
  }
  if (row.status === 'PAID' && !row.isAmountMismatch) return creditDeposit(app, code);
  return row;
}
