import type { TReconciliationRun } from '@lc/shared/contracts/reconciliation';
import type { ReconciliationRunRow } from '../../db/schema/reconciliation';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A stored run as the ops API shows it. */
export function toReconciliationRunDto(row: ReconciliationRunRow): TReconciliationRun {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    windowFrom: iso(row.windowFrom),
    windowTo: iso(row.windowTo),
    isWindowComplete: row.isWindowComplete,
    accountsChecked: row.accountsChecked,
    transfersMatched: row.transfersMatched,
    providerCalls: row.providerCalls,
    differences: row.differences,
    unavailable: row.unavailable,
    error: row.error,
  };
}
