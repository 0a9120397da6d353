import { formatMinor } from '@lc/shared/money';
import type { TProvider } from '@lc/shared/providers';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ApprovalRow } from '../../db/schema/approvals';
import { players } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import type { OpsActor } from '../../plugins/ops-auth';
import type { AuditScope } from '../ops/record-audit';
import { requestApproval } from './request-approval';

export type AdjustmentInput = {
  agencyId: string;
  playerId: string;
  provider: TProvider;
  /** Signed THB satang: positive credits the player, negative takes credit back. */
  amount: bigint;
  reason: string;
  caller: OpsActor;
  scope: AuditScope;
  now: Date;
};

/**
 * An adjustment is never booked by the one who asks for it (domain.md rule 6): it becomes a request that a
 * second member approves (decide-approval.ts), which then posts it as one ADJUSTMENT.
 */
export async function requestAdjustment(db: Db, input: AdjustmentInput): Promise<ApprovalRow> {
  return db.transaction(async (tx) => {
    const [player] = await tx
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.id, input.playerId), eq(players.agencyId, input.agencyId)));
    if (!player) throw new AppError(404, 'NOT_FOUND', 'No such player');
    return requestApproval(tx, {
      agencyId: input.agencyId,
      kind: 'ADJUSTMENT',
      payload: { playerId: player.id, provider: input.provider, amount: formatMinor(input.amount, 'THB') },
      reason: input.reason,
      caller: input.caller,
      scope: input.scope,
      now: input.now,
    });
  });
}
