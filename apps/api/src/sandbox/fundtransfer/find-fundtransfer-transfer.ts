import { PROVIDERS, type TProvider } from '@lc/shared/providers';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  sandboxProviderMembers as members,
  type SandboxTransferRow,
  sandboxProviderTransfers as transfers,
} from '../../db/schema/sandbox-providers';

/**
 * The transfer the sandbox aggregator holds under `referenceid`, of any of its products: a reference id is
 * the agent's, whatever product it was used with (checkTransaction names no product). Kept in the sandbox
 * providers' own tables, keyed by the aggregator's member names and reference ids.
 */
export async function findFundTransferTransfer(
  db: DbOrTx,
  referenceid: string,
): Promise<(SandboxTransferRow & { username: string; provider: TProvider }) | null> {
  const [row] = await db
    .select({ transfer: transfers, username: members.username })
    .from(transfers)
    .innerJoin(members, eq(members.id, transfers.memberId))
    .where(and(inArray(transfers.provider, [...PROVIDERS]), eq(transfers.reference, referenceid)))
    .limit(1);
  return row
    ? { ...row.transfer, provider: row.transfer.provider as TProvider, username: row.username }
    : null;
}
