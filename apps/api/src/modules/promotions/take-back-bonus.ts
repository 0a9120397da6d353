import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AgencyRow } from '../../db/schema/agency';
import { type PromotionUsageRow, promotionUsages } from '../../db/schema/promotions';
import { withdrawals } from '../../db/schema/withdrawals';
import { AppError } from '../../lib/app-error';
import { callProvider } from '../credits/call-provider';
import { ensureProviderMember } from '../credits/ensure-provider-member';
import { bonusAccount, playerProviderAccount } from '../ledger/account-key';
import { postTransaction } from '../ledger/post-transaction';
import { refusalError } from '../withdrawals/refusal-error';
import { transferWithLookUps } from '../withdrawals/transfer-with-look-ups';
import { lockUsage } from './promotions-repository';

/** Provider and ledger reference of the bonus taken back when a USED usage is cancelled. */
export const cancelReference = (usageId: string) => `${usageId}:cancel`;

/**
 * USED → CANCELING under the usage row lock, refused (409 OPEN_ORDER) while a withdrawal under the usage is
 * unsettled. A withdrawal decides its promotion split under the same lock (rule 5), so from here on none can
 * take the bonus too: a new one meets CANCELING (TRANSFER_PENDING). The amount is fixed next, by
 * {@link fixTakeBack}. Answers the usage as it stands (moved on meanwhile: as it is now).
 */
export async function claimTakeBack(app: FastifyInstance, usageId: string): Promise<PromotionUsageRow> {
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const locked = await lockUsage(tx, usageId);
    if (!locked) throw new Error(`usage ${usageId} vanished`);
    if (locked.status !== 'USED') return locked;
    const [unsettled] = await tx
      .select({ code: withdrawals.code })
      .from(withdrawals)
      .where(and(eq(withdrawals.promotionUsageId, usageId), eq(withdrawals.status, 'PENDING')))
      .limit(1);
    if (unsettled) throw new AppError(409, 'OPEN_ORDER', 'A withdrawal of this promotion is still under way');
    const [claimed] = await tx
      .update(promotionUsages)
      .set({ status: 'CANCELING', takeBack: null, updatedAt: now })
      .where(eq(promotionUsages.id, usageId))
      .returning();
    return claimed as PromotionUsageRow;
  });
}

/**
 * CANCELING without an amount: the unspent bonus, min(bonus, live balance), is fixed on the row before the
 * provider is asked (nothing left → CANCELED). The balance is read outside any transaction: no database
 * lock is held across a provider call.
 */
export async function fixTakeBack(
  app: FastifyInstance,
  agency: AgencyRow,
  usage: PromotionUsageRow,
): Promise<PromotionUsageRow> {
  const provider = app.providers.of(agency.id, usage.provider);
  const owner = { agencyId: agency.id, agencyCode: agency.code, playerId: usage.playerId };
  const member = await ensureProviderMember(app.db, provider, owner, app.log);
  const balance = await callProvider(app.log, provider.provider, () => provider.getBalance(member));
  const takeBack = balance < usage.bonus ? balance : usage.bonus;
  const now = app.now();
  const isNothingLeft = takeBack <= 0n;
  return app.db.transaction(async (tx) => {
    const locked = await lockUsage(tx, usage.id);
    if (!locked) throw new Error(`usage ${usage.id} vanished`);
    if (locked.status !== 'CANCELING' || locked.takeBack !== null) return locked;
    const [fixed] = await tx
      .update(promotionUsages)
      .set(
        isNothingLeft
          ? { status: 'CANCELED', takeBack: 0n, endedAt: now, updatedAt: now }
          : { takeBack, updatedAt: now },
      )
      .where(eq(promotionUsages.id, usage.id))
      .returning();
    return fixed as PromotionUsageRow;
  });
}

/**
 * CANCELING: fixes the amount if that step never finished, then sends (or re-sends, same reference and
 * amount) the take-back and books it; CANCELED. The worker resumes usages whose player never came back
 * after a lost answer.
 */
export async function finishTakeBack(
  app: FastifyInstance,
  agency: AgencyRow,
  claimed: PromotionUsageRow,
): Promise<PromotionUsageRow> {
  const usage = claimed.takeBack === null ? await fixTakeBack(app, agency, claimed) : claimed;
  if (usage.status !== 'CANCELING' || usage.takeBack === null) return usage;
  const amount = usage.takeBack;
  const reference = cancelReference(usage.id);
  const provider = app.providers.of(agency.id, usage.provider);
  const owner = { agencyId: agency.id, agencyCode: agency.code, playerId: usage.playerId };
  const member = await ensureProviderMember(app.db, provider, owner, app.log);
  const outcome = await transferWithLookUps(provider, member, 'out', amount, reference, app.log);
  const now = app.now();
  if (outcome.status === 'unknown') {
    throw new AppError(503, 'TRANSFER_PENDING', 'The provider has not answered yet; try again shortly');
  }
  if (outcome.status === 'rejected') {
    // Nothing moved (the balance fell meanwhile, or the provider failed): back to USED for a fresh claim.
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
