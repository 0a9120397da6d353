import type { ZDashboardQueues } from '@lc/shared/contracts/ops-dashboard';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';

/** How many records wait in each back-office queue now (each count on its agency/status index). */
export async function countOpenQueues(
  db: DbOrTx,
  agencyId: string,
): Promise<z.infer<typeof ZDashboardQueues>> {
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*) FROM deposits WHERE agency_id = ${agencyId} AND status = 'PAID')::int AS "depositsPaid",
      (SELECT count(*) FROM deposits WHERE agency_id = ${agencyId} AND status = 'FAILED')::int AS "depositsFailed",
      -- A payment of a bill no agency issued is in every agency's queue (list-bank-payments).
      (SELECT count(*) FROM bank_payments WHERE (agency_id = ${agencyId} OR agency_id IS NULL)
        AND status = 'UNMATCHED')::int AS "bankPaymentsUnmatched",
      (SELECT count(*) FROM withdrawals WHERE agency_id = ${agencyId} AND status = 'OPEN')::int AS "withdrawalsOpen",
      (SELECT count(*) FROM approvals WHERE agency_id = ${agencyId} AND status = 'PENDING')::int AS "approvalsPending"`);
  const [row] = rowsOf<z.infer<typeof ZDashboardQueues>>(result);
  if (!row) throw new Error('queue counts returned no row');
  return row;
}
