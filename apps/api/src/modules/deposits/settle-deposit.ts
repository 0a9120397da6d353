import type { FastifyInstance } from 'fastify';
import type { BankPayment } from '../../adapters/payments/payment-gateway';
import type { DepositRow } from '../../db/schema/deposits';
import { creditClaimedDeposit, creditDeposit, creditLeaseUntil, runningCredit } from './credit-deposit';
import { findDepositByCode } from './deposits-repository';
import { markDepositPaid } from './mark-deposit-paid';

/**
 * Moves a deposit as far as it can go now; safe to call any number of times, concurrently, from a check,
 * the bank's webhook or the worker. OPEN: asks the bank (or uses the webhook's `payment`) and marks it PAID;
 * PAID: credits it (→ SUCCESS, or stays PAID for a retry), or waits for the credit this process is running
 * for it; anything else: unchanged. Null for an unknown code. Throws BankUnavailableError when the bank must
 * be asked and cannot answer.
 */
export async function settleDeposit(
  app: FastifyInstance,
  code: string,
  options: { payment?: BankPayment; row?: DepositRow } = {},
): Promise<DepositRow | null> {
  // Being credited by this process right now: its outcome is the answer (no claim that must fail).
  const running = runningCredit(app, code);
  if (running) return running;
  const { payment } = options;
  // A caller that has just read the row passes it: one statement less per check. With the bank's payment at
  // hand (webhook, cancel, expiry) nothing needs reading first: marking it PAID answers the row as it stands.
  let row = options.row ?? (payment ? null : await findDepositByCode(app.db, code));
  if (!row && !payment) return null;
  if (!row || row.status === 'OPEN') {
    const paid = payment ?? (await app.paymentGateway.findPaymentByBill(code));
    if (!paid) return row;
    const leaseUntil = creditLeaseUntil(app, app.now());
    const marked = await markDepositPaid(app, code, paid, leaseUntil);
    if (!marked) return null;
    if (marked.isClaimed) return creditClaimedDeposit(app, marked.row, leaseUntil);
    row = marked.row;
  }
  if (row.status === 'PAID' && !row.isAmountMismatch) {
    return runningCredit(app, code) ?? creditDeposit(app, code);
  }
  return row;
}
