import type { TApproval } from '@lc/shared/contracts/ops-approvals';
import type { ApprovalRow } from '../../db/schema/approvals';

export function toApprovalDto(row: ApprovalRow): TApproval {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    payload: row.payload,
    reason: row.reason,
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
    result: row.result,
  };
}
