import type { FastifyInstance } from 'fastify';
import type { BankPayment } from '../../adapters/payments/payment-gateway';
import type { Db } from '../../db/client';
import type { DepositRow } from '../../db/schema/deposits';
import { perDatabase } from '../../lib/per-database';
import { recordBankPayment } from '../bank-payments/record-bank-payment';
import {
  creditClaimedDeposit,
  creditDeposit,
  creditLeaseUntil,
  isBeingCredited,
  runningCredit,
} from './credit-deposit';
import { findDepositByCode } from './deposits-repository';

/** The bill a deposit's QR carries: the bank's bill id, or the order code for deposits made before them. */
export const billOf = (row: DepositRow): string => row.bankBillId ?? row.code;

/** What settling payments did: the order as it stands afterwards, and whether this call tried to credit it. */
export type SettledPayments = { deposit: DepositRow | null; hasCredited: boolean };

/**
 * Records payments the bank reported (bank-payments/record-bank-payment.ts) and credits the one that matched
 * its order, if any. Answers the order of the last payment as it stands afterwards (null: no order).
 * `seen`: the payments' order as the caller read it (or null: none), so recording is one statement while it
 * stays so.
 */
export async function settlePayments(
  app: FastifyInstance,
  payments: readonly BankPayment[],
  seen?: DepositRow | null,
): Promise<SettledPayments> {
  const leaseUntil = creditLeaseUntil(app, app.now());
  let settled: DepositRow | null = null;
  let claimed: DepositRow | null = null;
  let order = seen;
  for (const payment of payments) {
    const recorded = await recordBankPayment(app, payment, leaseUntil, order);
    if (recorded.isClaimed) claimed = recorded.deposit;
    settled = recorded.deposit ?? settled;
    order = recorded.deposit ?? order;
  }
  if (claimed) return { deposit: await creditClaimedDeposit(app, claimed, leaseUntil), hasCredited: true };
  return { deposit: settled, hasCredited: false };
}

/**
 * Moves a deposit as far as it can go now; safe to call any number of times, concurrently, from a check,
 * the bank's webhook or the worker. OPEN: asks the bank (or uses the `payments` at hand) and records them, so
 * a matching one marks it PAID and is credited; any other state with `isAskingBank` (a player's check of a
 * cancelled or rejected order, the worker's final look-up of a closed one): asks the bank too, so a payment
 * after the close (late-paid) or a second payment of the bill is kept for staff; PAID: credits it (→ SUCCESS,
 * or stays PAID for a retry), or waits for the credit this process is running for it; anything else:
 * unchanged. Null for an unknown code. Throws BankUnavailableError when the bank must be asked and cannot
 * answer.
 */
export async function settleDeposit(
  app: FastifyInstance,
  code: string,
  options: { payments?: readonly BankPayment[]; row?: DepositRow; isAskingBank?: boolean } = {},
): Promise<DepositRow | null> {
  // A webhook of this order being handled here right now is asking the bank already: its outcome first.
  const webhook = options.payments ? undefined : webhookBeingHandled(app, code);
  const afterWebhook = webhook ? await webhook : null;
  // Being credited by this process right now: its outcome is the answer (no claim that must fail).
  const running = runningCredit(app, code);
  if (running) return running;
  let row =
    (afterWebhook?.code === code && afterWebhook) ||
    (!webhook && options.row) ||
    (await findDepositByCode(app.db, code));
  if (!row) return null;
  if (row.status === 'OPEN' || options.isAskingBank) {
    const payments = options.payments ?? (await app.paymentGateway.findPaymentsByBill(billOf(row)));
    if (payments.length === 0) return row;
    // The payment that settled this order is recorded already (the order took its reference when it was
    // recorded): a check after the webhook costs no transaction.
    const settledBy = row.bankReference;
    const unseen = payments.filter((payment) => payment.bankReference !== settledBy);
    if (unseen.length > 0) {
      const settled = await settlePayments(app, unseen, row);
      // This call's own credit attempt is the answer (a failure stays PAID for the worker's retry).
      if (settled.hasCredited && settled.deposit?.code === code) return settled.deposit;
      row =
        settled.deposit?.code === code ? settled.deposit : ((await findDepositByCode(app.db, code)) ?? row);
    }
  }
  if (row.status === 'PAID' && !row.isAmountMismatch) {
    const running = runningCredit(app, code);
    if (running) return running;
    // Someone else holds the credit lease (another process's webhook, check or worker crediting it, or staff
    // rejecting it): a claim now could only fail and read the row again. The row was read in this call, so it
    // is answered as it stands.
    if (isBeingCredited(row, app.now())) return row;
    return creditDeposit(app, code);
  }
  return row;
}

// Bank webhooks being handled in this process, by database and order code. A check (or the worker) that
// arrives for the same order meanwhile waits for it and reads the order afterwards, instead of asking the
// bank the same question at the same moment: a player checks right after paying, just when the bank's
// webhook comes in. Only if the webhook left the order OPEN does the check ask the bank itself. Another
// process's webhook is not seen here; that check asks the bank, as before.
const webhooksHandledOf = perDatabase((_db: Db) => new Map<string, Promise<DepositRow | null>>());

/**
 * Settles in `work` what a bank webhook reported for the order `code` (its answer: the order as the webhook
 * left it, or null); others wait for it meanwhile and start from that order.
 */
export async function handlingWebhookOf(
  app: FastifyInstance,
  code: string,
  work: () => Promise<DepositRow | null>,
): Promise<DepositRow | null> {
  const handled = webhooksHandledOf(app.db);
  const done = work();
  const outcome = done.catch(() => null);
  handled.set(code, outcome);
  try {
    return await done;
  } finally {
    if (handled.get(code) === outcome) handled.delete(code);
  }
}

/**
 * The order as the webhook this process is handling for it left it (null: unknown, or the webhook failed);
 * never rejects. Undefined when no webhook of the order is being handled here.
 */
function webhookBeingHandled(app: FastifyInstance, code: string): Promise<DepositRow | null> | undefined {
  return webhooksHandledOf(app.db).get(code);
}
