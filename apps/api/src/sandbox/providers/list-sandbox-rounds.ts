import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sandboxProviderRounds as rounds, type SandboxRoundRow } from '../../db/schema/sandbox-providers';

/** A member's latest rounds (spins and adjustments), newest first. */
export async function listSandboxRounds(
  db: DbOrTx,
  memberId: string,
  limit: number,
): Promise<SandboxRoundRow[]> {
  return db.select().from(rounds).where(eq(rounds.memberId, memberId)).orderBy(desc(rounds.id)).limit(limit);
}
