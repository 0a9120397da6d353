import type { TApproval } from '@lc/shared/contracts/ops-approvals';
import type { ApprovalRow } from '../../db/schema/approvals';

/** Payload keys whose values are sealed secrets (PROVIDER_SETTINGS credentials): shown as `•••`, never as text. */
const SECRET_KEYS = new Set(['credentials']);

/** A request's payload as people see it (the approvals list, its audit entry): secrets masked. */
export function shownPayload(payload: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, SECRET_KEYS.has(k) ? '•••' : v]));
}

export function toApprovalDto(row: ApprovalRow): TApproval {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    payload: shownPayload(row.payload),
    reason: row.reason,
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
    result: row.result,
  };
}
