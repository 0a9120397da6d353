import type { FastifyInstance } from 'fastify';
import { BankUnavailableError } from '../../adapters/payments/bank-directory';
import type { DepositRow } from '../../db/schema/deposits';
import { AppError } from '../../lib/app-error';
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
  const row = (await askingBank(app, () => settleDeposit(app, code, settle))) ?? own;
  if (row.status === 'CANCELED' || row.status === 'REJECTED') return closedOrder(row);
  if (row.status !== 'OPEN') return row;
  if (row.expiresAt.getTime() <= app.now().getTime()) {
    const closed = await closeExpiredDeposit(app, code);
    if (closed?.status === 'CANCELED') return closedOrder(closed);
  }
  throw new AppError(409, 'DEPOSIT_NOT_PAID', 'This order has not been paid, please scan the QR');
}
