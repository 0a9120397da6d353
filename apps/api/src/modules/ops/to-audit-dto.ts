import type { TAuditEntry } from '@lc/shared/contracts/ops-audit';
import type { AuditLogRow } from '../../db/schema/audit';

/** An audit row as staff read it. Rows from before before/after existed show their `details` as "after". */
export function toAuditDto(row: AuditLogRow): TAuditEntry {
  return {
    at: row.createdAt.toISOString(),
    actor: row.actor,
    ip: row.ip,
    action: row.action,
    kind: row.kind,
    object: row.target,
    before: row.before,
    after: row.after ?? (Object.keys(row.details).length > 0 ? row.details : null),
    outcome: row.outcome,
  };
}
