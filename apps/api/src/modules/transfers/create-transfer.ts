import type { TCreateTransferRequest } from '@lc/shared/contracts/transfers';
import { formatMinor, parseMoney } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type DbOrTx, isUniqueViolation } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import { type PlayerRow, players } from '../../db/schema/players';
import { type NewTransferRow, type TransferRow, transfers } from '../../db/schema/transfers';
import { AppError } from '../../lib/app-error';
import { callProvider } from '../credits/call-provider';
import { ensureProviderMember } from '../credits/ensure-provider-member';
import { gameProviderOf } from '../credits/game-provider-of';
import {
  assertPromotionAllowsTransfer,
  settlePromotionForTransfer,
} from '../promotions/promotion-transfer-rules';
import { refusalError } from '../withdrawals/refusal-error';
import { listOpenWithdrawals } from '../withdrawals/withdrawals-repository';
import { driveTransfer, transferHoldUntil } from './resume-transfer';
import { nextTransferReference } from './transfer-reference';
import { findTransferByKey } from './transfers-repository';

export type CreateTransferInput = {
  agency: AgencyRow;
  player: PlayerRow;
  request: TCreateTransferRequest;
  /** The request's Idempotency-Key, stored on the transfer. */
  key: string;
  log: FastifyBaseLogger;
};

const KEY_UQ = 'transfers_player_key_uq';
const REFERENCE_UQ = 'transfers_reference_unique';

const openWithdrawal = () =>
  new AppError(409, 'OPEN_ORDER', 'A withdrawal from this provider is open; wait until it is paid out');
const insufficient = () => new AppError(409, 'INSUFFICIENT_CREDIT', 'Not enough credit at the provider');

/**
 * A player's transfer of credit from one provider to another (docs/decisions/0072-credit-transfer.md).
 * Refusals first, nothing recorded: amount outside the agency's limits, a withdrawal of `from` open, more than
 * `from`'s live balance, a promotion holding the credit. Then, under the player's row lock, the open
 * withdrawal and the promotion are checked again and the transfer is recorded (OUT_PENDING) before any
 * provider moves money; then its legs run in this request: `:out` at `from`, `:in` at `to`, and `:back` to
 * `from` when `to` refuses for good. A leg whose outcome stays unknown leaves it PENDING for the worker.
 * `from` refusing `:out` → FAILED and 409 INSUFFICIENT_CREDIT (503 when the provider itself failed).
 */
export async function createTransfer(app: FastifyInstance, input: CreateTransferInput): Promise<TransferRow> {
  const { agency, player, request, key, log } = input;
  const from = gameProviderOf(app, agency.id, request.from);
  const to = gameProviderOf(app, agency.id, request.to);
  const amount = parseMoney(request.amount, 'THB');
  // A repeat of a key whose answer was not kept (a 5xx, a process that died): the transfer it made.
  const made = await findTransferByKey(app.db, player.id, key);
  if (made) return repeated(made, request, amount);
  if (amount < agency.transferMinSatang || amount > agency.transferMaxSatang) {
    throw new AppError(
      400,
      'AMOUNT_OUT_OF_RANGE',
      'The amount is outside the transfer limits',
      undefined,
      undefined,
      {
        min: formatMinor(agency.transferMinSatang, 'THB'),
        max: formatMinor(agency.transferMaxSatang, 'THB'),
      },
    );
  }
  const sides = { from: from.provider, to: to.provider };
  if (await hasOpenWithdrawalOf(app.db, player.id, from.provider)) throw openWithdrawal();
  const owner = { agencyId: agency.id, agencyCode: agency.code, playerId: player.id };
  // Both members exist before anything moves, so `:in` never fails for want of one.
  const fromMember = await ensureProviderMember(app.db, from, owner, log);
  await ensureProviderMember(app.db, to, owner, log);
  // The live balance, read for a clear answer (no lock is held across a provider call: decision 0012); the
  // provider's own row lock decides when transfers race, refusing `:out` above what is left (decision 0011).
  const balance = await callProvider(log, from.provider, () => from.getBalance(fromMember));
  if (amount > balance) throw insufficient();
  // Last of the checks: a promotion that has run its course is ended here, and a refusal must change nothing.
  await settlePromotionForTransfer(app, agency, player, sides, { [from.provider]: balance });

  const now = app.now();
  const values: Omit<NewTransferRow, 'reference'> = {
    agencyId: agency.id,
    playerId: player.id,
    fromProvider: from.provider,
    toProvider: to.provider,
    amount,
    idempotencyKey: key,
    status: 'OUT_PENDING',
    // This request drives it; the worker only takes over should the request die.
    nextAttemptAt: transferHoldUntil(app, now),
    createdAt: now,
    updatedAt: now,
  };
  const row = await insertTransfer(app, values, async (tx) => {
    // The player's credit-moving state: `use` of a promotion and deposits queue on the same row lock.
    await tx.select({ id: players.id }).from(players).where(eq(players.id, player.id)).for('update');
    if (await hasOpenWithdrawalOf(tx, player.id, from.provider)) throw openWithdrawal();
    await assertPromotionAllowsTransfer(tx, agency, player.id, sides);
  });
  if (!row.isNew) return repeated(row.transfer, request, amount);
  const done = await driveTransfer(app, row.transfer, agency.code, log, true);
  if (done.status === 'FAILED') throw refusalError(done.failure ?? 'REFUSED');
  return done;
}

/** The answer to a key used before: the same transfer, a refused one refused again, another body 409. */
function repeated(made: TransferRow, request: TCreateTransferRequest, amount: bigint): TransferRow {
  const isSame =
    made.fromProvider === request.from && made.toProvider === request.to && made.amount === amount;
  if (!isSame) throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'This key was used for another transfer');
  if (made.status === 'FAILED') throw refusalError(made.failure ?? 'REFUSED');
  return made;
}

async function hasOpenWithdrawalOf(db: DbOrTx, playerId: string, provider: string): Promise<boolean> {
  return (await listOpenWithdrawals(db, playerId)).some((order) => order.provider === provider);
}

/**
 * Inserts the transfer in one transaction with `check` (which runs under the locks it takes), under a fresh
 * reference (a rare collision draws another). A parallel request with the same key that got there first:
 * its transfer, not a second one.
 */
async function insertTransfer(
  app: FastifyInstance,
  values: Omit<NewTransferRow, 'reference'>,
  check: (tx: DbOrTx) => Promise<void>,
): Promise<{ transfer: TransferRow; isNew: boolean }> {
  for (let attempt = 1; ; attempt++) {
    // Drawn before the transaction, as withdrawals do: the daily counter row is not held while checks run.
    const reference = await nextTransferReference(app.db, values.agencyId, values.createdAt);
    try {
      const transfer = await app.db.transaction(async (tx) => {
        await check(tx);
        const [inserted] = await tx
          .insert(transfers)
          .values({ ...values, reference })
          .returning();
        if (!inserted) throw new Error('transfer insert returned nothing');
        return inserted;
      });
      return { transfer, isNew: true };
    } catch (error) {
      if (isUniqueViolation(error, KEY_UQ)) {
        const made = await findTransferByKey(app.db, values.playerId, values.idempotencyKey);
        if (made) return { transfer: made, isNew: false };
      }
      if (!isUniqueViolation(error, REFERENCE_UQ) || attempt >= 5) throw error;
    }
  }
}
