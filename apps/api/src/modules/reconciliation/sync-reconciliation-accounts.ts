import { and, count, eq, isNull } from 'drizzle-orm';
import { providerMemberOf } from '../../adapters/providers/member-name';
import type { DbOrTx } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import { ledgerAccounts } from '../../db/schema/ledger';
import { reconciliationAccounts } from '../../db/schema/reconciliation';

const CHUNK = 1000;

/**
 * Registers the agency's player-provider accounts opened since the last run, with their member names, so a
 * provider transfer (named by member) finds its account by index. Returns how many were new (never checked:
 * read in this run) and how many the agency has in all (what the sweep is sized by).
 */
export async function syncReconciliationAccounts(
  db: DbOrTx,
  agency: AgencyRow,
): Promise<{ added: number; total: number }> {
  const fresh = await db
    .select({ id: ledgerAccounts.id, playerId: ledgerAccounts.playerId, provider: ledgerAccounts.provider })
    .from(ledgerAccounts)
    .leftJoin(reconciliationAccounts, eq(reconciliationAccounts.accountId, ledgerAccounts.id))
    .where(
      and(
        eq(ledgerAccounts.agencyId, agency.id),
        eq(ledgerAccounts.kind, 'PLAYER_PROVIDER'),
        isNull(reconciliationAccounts.accountId),
      ),
    );
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const values = fresh.slice(i, i + CHUNK).flatMap((a) =>
      a.playerId && a.provider
        ? [
            {
              accountId: a.id,
              agencyId: agency.id,
              playerId: a.playerId,
              provider: a.provider,
              member: providerMemberOf(agency.code, a.playerId).username,
            },
          ]
        : [],
    );
    if (values.length > 0) await db.insert(reconciliationAccounts).values(values).onConflictDoNothing();
  }
  const [all] = await db
    .select({ total: count() })
    .from(reconciliationAccounts)
    .where(eq(reconciliationAccounts.agencyId, agency.id));
  return { added: fresh.length, total: all?.total ?? 0 };
}
