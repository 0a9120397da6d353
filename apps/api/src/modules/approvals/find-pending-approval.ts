import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type ApprovalRow, approvals } from '../../db/schema/approvals';

/** The subject of a withdrawal's four-eyes request: at most one PENDING per subject (a unique index). */
export const withdrawalSubject = (code: string) => `withdrawal:${code}`;

/** The PENDING request about `subject`, locked `FOR UPDATE` so a decision and a close cannot overlap. */
export async function findPendingApproval(
  tx: DbOrTx,
  agencyId: string,
  subject: string,
): Promise<ApprovalRow | null> {
  const [row] = await tx
    .select()
    .from(approvals)
    .where(
      and(eq(approvals.agencyId, agencyId), eq(approvals.subject, subject), eq(approvals.status, 'PENDING')),
    )
    .for('update');
  return row ?? null;
}
