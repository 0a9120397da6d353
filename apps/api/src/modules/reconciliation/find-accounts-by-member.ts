import type { TProvider } from '@lc/shared/providers';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reconciliationAccounts } from '../../db/schema/reconciliation';

export type KnownAccount = { accountId: string; playerId: string; provider: TProvider; member: string };

const CHUNK = 5000;
export const memberKey = (provider: string, member: string) => `${provider}|${member}`;

/**
 * The agency's accounts of these provider members, keyed by `memberKey`. A member of another agency (the
 * providers serve them all) is simply not found.
 */
export async function findAccountsByMember(
  db: DbOrTx,
  agencyId: string,
  members: { provider: TProvider; member: string }[],
): Promise<Map<string, KnownAccount>> {
  const found = new Map<string, KnownAccount>();
  const names = [...new Set(members.map((m) => m.member))];
  for (let i = 0; i < names.length; i += CHUNK) {
    const rows = await db
      .select({
        accountId: reconciliationAccounts.accountId,
        playerId: reconciliationAccounts.playerId,
        provider: reconciliationAccounts.provider,
        member: reconciliationAccounts.member,
      })
      .from(reconciliationAccounts)
      .where(
        and(
          eq(reconciliationAccounts.agencyId, agencyId),
          inArray(reconciliationAccounts.member, names.slice(i, i + CHUNK)),
        ),
      );
    for (const row of rows) found.set(memberKey(row.provider, row.member), row);
  }
  return found;
}
