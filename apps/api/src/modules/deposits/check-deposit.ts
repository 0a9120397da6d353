import type { FastifyInstance } from 'fastify';
import { BankUnavailableError } from '../../adapters/payments/bank-directory';
import type { DepositRow } from '../../db/schema/deposits';
import { AppError } from '../../lib/app-error';
import { isBeingCredited } from './credit-deposit';
import { findOwnDeposit } from './deposits-repository';
import { closeExpiredDeposit } from './expire-deposit';
import { settleDeposit } from './settle-deposit';

/** The player's own deposit, else 404 NOT_FOUND (another player's code looks exactly like a missing one). */
export async function requireOwnDeposit(
  app: FastifyInstance,
  playerId: string,
  code: string,
): Promise<DepositRow> {
  const row = await findOwnDeposit(app.db, playerId, code);
  if (!row) throw new AppError(404, 'NOT_FOUND', 'No such deposit');
  return row;
}

/** Runs a step that asks the bank; the bank not answering → 503 BANK_UNAVAILABLE. */
export async function askingBank<T>(app: FastifyInstance, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof BankUnavailableError)) throw error;
    app.log.warn({ err: error }, 'bank unavailable');
    throw new AppError(503, 'BANK_UNAVAILABLE', 'The bank is not answering, try again shortly');
  }
}

/** A closed order answers as itself only when a payment arrived after its close (late-paid). */
function closedOrder(row: DepositRow): DepositRow {
  if (row.isLatePaid) return row;
  throw orderNotOpen();
}

export const orderNotOpen = () => new AppError(409, 'ORDER_NOT_OPEN', 'This order is closed');

/**
 * The player's "check" (domain.md, Deposit step 3): settles the deposit if the bank has its payment and
 * answers it PAID or SUCCESS (or FAILED for staff); unpaid → 409 DEPOSIT_NOT_PAID, and an unpaid deposit
 * past its expiry is cancelled on the spot. A cancelled or rejected one asks the bank too: paid after its
 * close, it answers the order with `latePaid` (staff will credit or refund it); otherwise 409 ORDER_NOT_OPEN.
 * A settled one (PAID, SUCCESS, FAILED) answers as it stands.
 */
export async function checkDeposit(
  app: FastifyInstance,
  playerId: string,
  code: string,
): Promise<DepositRow> {
  const own = await requireOwnDeposit(app, playerId, code);
  // A cancelled or rejected order is asked about too: a payment after its close is kept as late-paid. A
  // settled one is not (its second payments are the worker's final look-up's, runFinalLookUps).
  const isClosedUnpaid = own.status === 'CANCELED' || own.status === 'REJECTED';
  const settle = { row: own, isAskingBank: isClosedUnpaid };
  const settled = (await askingBank(app, () => settleDeposit(app, code, settle))) ?? own;
  const isCreditedElsewhere = settled.status === 'PAID' && isBeingCredited(settled, app.now());
  const row = isCreditedElsewhere ? await afterCreditElsewhere(app, playerId, settled) : settled;
  if (row.status === 'CANCELED' || row.status === 'REJECTED') return closedOrder(row);
  if (row.status !== 'OPEN') return row;
  if (row.expiresAt.getTime() <= app.now().getTime()) {
    const closed = await closeExpiredDeposit(app, code);
    if (closed?.status === 'CANCELED') return closedOrder(closed);
  }
  throw new AppError(409, 'DEPOSIT_NOT_PAID', 'This order has not been paid, please scan the QR');
}

// How long a check waits for a credit that another settler is running (another API process's webhook, check
// or worker; the credit's lease says so). The player is at the QR screen waiting for exactly that answer, and
// one held request costs less than the player's app asking again and again meanwhile (decision 0057). A
// credit takes well under a second; one that fails stays PAID without an event, answered after the wait.
const CREDIT_WAIT_MS = 2_000;
// Where a PAID deposit goes next. The order's earlier events (OPEN, PAID) may still arrive meanwhile: the
// relay sends them up to a tenth of a second after their commit (decision 0048).
const ENDS_OF_PAID = new Set(['SUCCESS', 'FAILED', 'REJECTED']);

/**
 * The deposit once the credit another settler holds the lease for has ended, as far as this process hears
 * within CREDIT_WAIT_MS (and never past the lease): its order event (SUCCESS, FAILED, REJECTED), a gap in the
 * events, or the time running out, then the row read again. A credit running in this process is joined in
 * settleDeposit instead.
 */
async function afterCreditElsewhere(
  app: FastifyInstance,
  playerId: string,
  leased: DepositRow,
): Promise<DepositRow> {
  const leaseLeftMs = (leased.creditLeaseUntil?.getTime() ?? 0) - app.now().getTime();
  await new Promise<void>((resolve) => {
    const stops: Array<() => void> = [];
    const done = () => {
      for (const stop of stops) stop();
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, Math.min(CREDIT_WAIT_MS, leaseLeftMs)));
    stops.push(
      () => clearTimeout(timer),
      app.orderEvents.subscribePlayer(playerId, (event) => {
        if (event.kind === 'deposit' && event.code === leased.code && ENDS_OF_PAID.has(event.status)) done();
      }),
      app.orderEvents.onGap(done),
    );
  });
  return (await findOwnDeposit(app.db, playerId, leased.code)) ?? leased;
}
