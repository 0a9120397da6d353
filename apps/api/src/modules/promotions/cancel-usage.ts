import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AgencyRow } from '../../db/schema/agency';
import { deposits } from '../../db/schema/deposits';
import type { PlayerRow } from '../../db/schema/players';
import { type PromotionUsageRow, promotionUsages } from '../../db/schema/promotions';
import { withdrawals } from '../../db/schema/withdrawals';
import { AppError } from '../../lib/app-error';
import { callProvider } from '../credits/call-provider';
import { ensureProviderMember } from '../credits/ensure-provider-member';
import { bonusAccount, playerProviderAccount } from '../ledger/account-key';
import { postTransaction } from '../ledger/post-transaction';
import { refusalError } from '../withdrawals/refusal-error';
import { transferWithLookUps } from '../withdrawals/transfer-with-look-ups';
import { findOwnUsage, lockUsage, type UsageWithPromotion } from './promotions-repository';

/** Provider and ledger reference of the bonus taken back when a USED usage is cancelled. */
export const cancelReference = (usageId: string) => `${usageId}:cancel`;

// A player who spends between our balance read and the transfer makes the provider refuse it; read again.
const TAKE_BACK_ATTEMPTS = 3;

/**
 * The player cancels a usage (docs/decisions/0014-promotion-rules.md). ACTIVE → CANCELED unless a deposit made
 * for it is still OPEN or PAID. USED → the unspent bonus (min(bonus, live balance)) is fixed on the row
 * (CANCELING), taken out of the provider under `<usage id>:cancel`, booked back to the bonus account, then
 * CANCELED. A CANCELING usage (lost answer) is resumed with the same reference and amount. Other states → 409.
 */
export async function cancelUsage(
  app: FastifyInstance,
  agency: AgencyRow,
  player: PlayerRow,
  usageId: string,
): Promise<UsageWithPromotion> {
  const found = await findOwnUsage(app.db, player.id, usageId);
  if (!found) throw new AppError(404, 'NOT_FOUND', 'No such promotion usage');
  const { promotion } = found;
  let usage = found.usage;
  if (usage.status === 'ACTIVE') return { usage: await cancelActive(app, usage), promotion };
  if (usage.status !== 'USED' && usage.status !== 'CANCELING') throw notCancelable();

  for (let attempt = 1; usage.status === 'USED' || usage.status === 'CANCELING'; attempt++) {
    if (attempt > TAKE_BACK_ATTEMPTS) throw refusalError('INSUFFICIENT_BALANCE');
    if (usage.status === 'USED') usage = await startTakeBack(app, agency, usage);
    if (usage.status === 'CANCELING') usage = await finishTakeBack(app, agency, usage);
  }
  if (usage.status !== 'CANCELED') throw notCancelable();
  return { usage, promotion };
}

async function cancelActive(app: FastifyInstance, usage: PromotionUsageRow): Promise<PromotionUsageRow> {
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const locked = await lockUsage(tx, usage.id);
    if (locked?.status !== 'ACTIVE') throw notCancelable();
    // Its deposit is on the way: cancelling now would leave a bonus paid for a usage that no longer exists.
    const [pending] = await tx
      .select({ code: deposits.code })
      .from(deposits)
      .where(and(eq(deposits.promotionUsageId, usage.id), inArray(deposits.status, ['OPEN', 'PAID'])))
      .limit(1);
    if (pending) throw new AppError(409, 'OPEN_ORDER', 'Close the open deposit order first');
    const [canceled] = await tx
      .update(promotionUsages)
      .set({ status: 'CANCELED', endedAt: now, updatedAt: now })
      .where(eq(promotionUsages.id, usage.id))
      .returning();
    return canceled as PromotionUsageRow;
  });
}

/** USED → CANCELING with the amount to take back fixed from the live balance (none left → CANCELED). */
async function startTakeBack(
  app: FastifyInstance,
  agency: AgencyRow,
  usage: PromotionUsageRow,
): Promise<PromotionUsageRow> {
  const [unsettled] = await app.db
    .select({ code: withdrawals.code })
    .from(withdrawals)
    .where(and(eq(withdrawals.promotionUsageId, usage.id), eq(withdrawals.status, 'PENDING')))
    .limit(1);
  if (unsettled) throw new AppError(409, 'OPEN_ORDER', 'A withdrawal of this promotion is still under way');
  const provider = app.providers.get(usage.provider);
  const owner = { agencyId: agency.id, agencyCode: agency.code, playerId: usage.playerId };
  const member = await ensureProviderMember(app.db, provider, owner, app.log);
  const balance = await callProvider(app.log, provider.provider, () => provider.getBalance(member));
  const takeBack = balance < usage.bonus ? balance : usage.bonus;
  const now = app.now();
  const isNothingLeft = takeBack <= 0n;
  const [next] = await app.db
    .update(promotionUsages)
    .set(
      isNothingLeft
        ? { status: 'CANCELED', takeBack: 0n, endedAt: now, updatedAt: now }
        : { status: 'CANCELING', takeBack, updatedAt: now },
    )
    .where(and(eq(promotionUsages.id, usage.id), eq(promotionUsages.status, 'USED')))
    .returning();
  return next ?? reload(app, usage.id);
}

/**
 * CANCELING: sends (or re-sends, same reference and amount) the take-back and books it; CANCELED. The
 * worker resumes usages whose player never came back after a lost answer.
 */
export async function finishTakeBack(
  app: FastifyInstance,
  agency: AgencyRow,
  usage: PromotionUsageRow,
): Promise<PromotionUsageRow> {
  const amount = usage.takeBack ?? 0n;
  const reference = cancelReference(usage.id);
  const provider = app.providers.get(usage.provider);
  const owner = { agencyId: agency.id, agencyCode: agency.code, playerId: usage.playerId };
  const member = await ensureProviderMember(app.db, provider, owner, app.log);
  const outcome = await transferWithLookUps(provider, member, 'out', amount, reference, app.log);
  const now = app.now();
  if (outcome.status === 'unknown') {
    throw new AppError(503, 'TRANSFER_PENDING', 'The provider has not answered yet; try again shortly');
  }
  if (outcome.status === 'rejected') {
    // Nothing moved (the balance fell meanwhile, or the provider failed): back to USED for a fresh read.
    const [back] = await app.db
      .update(promotionUsages)
      .set({ status: 'USED', takeBack: null, updatedAt: now })
      .where(and(eq(promotionUsages.id, usage.id), eq(promotionUsages.status, 'CANCELING')))
      .returning();
    const refusal = refusalError(outcome.code);
    if (refusal.code === 'PROVIDER_UNAVAILABLE') throw refusal;
    return back ?? reload(app, usage.id);
  }
  return app.db.transaction(async (tx) => {
    const locked = await lockUsage(tx, usage.id);
    if (locked?.status !== 'CANCELING') return locked ?? usage;
    await postTransaction(tx, {
      agencyId: locked.agencyId,
      kind: 'BONUS',
      reference,
      playerId: locked.playerId,
      provider: locked.provider,
      memo: `promotion usage ${locked.id} cancelled: unspent bonus taken back`,
      at: now,
      entries: [
        { account: playerProviderAccount(locked.playerId, locked.provider), amount: -amount },
        { account: bonusAccount('THB'), amount },
      ],
    });
    const [canceled] = await tx
      .update(promotionUsages)
      .set({ status: 'CANCELED', endedAt: now, updatedAt: now })
      .where(eq(promotionUsages.id, locked.id))
      .returning();
    return canceled as PromotionUsageRow;
  });
}

async function reload(app: FastifyInstance, usageId: string): Promise<PromotionUsageRow> {
  const [row] = await app.db.select().from(promotionUsages).where(eq(promotionUsages.id, usageId));
  if (!row) throw new Error(`usage ${usageId} vanished`);
  return row;
}

function notCancelable(): AppError {
  return new AppError(409, 'PROMOTION_USAGE', 'This promotion usage can no longer be cancelled');
}
