import type { TProvider } from '@lc/shared/providers';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts } from '../../db/schema/ledger';
import { reconciliationAccounts } from '../../db/schema/reconciliation';

export type AccountToCheck = {
  accountId: string;
  playerId: string;
  provider: TProvider;
  member: string;
  ledger: bigint;
};

export const CHUNK = 5000;

const columns = {
  accountId: reconciliationAccounts.accountId,
  playerId: reconciliationAccounts.playerId,
  provider: reconciliationAccounts.provider,
  member: reconciliationAccounts.member,
  ledger: ledgerAccounts.balance,
};

/**
 * The accounts whose statements a run reads: every account (`all`, a FULL run), or those with activity
 * (`active`: the window's transfers and postings, earlier differences), those never checked, and the
 * `sweep` least recently checked others, so every account is read within the sweep period.
 */
export async function pickAccountsToCheck(
  db: DbOrTx,
  agencyId: string,
  choice: { all: true } | { all: false; active: Set<string>; sweep: number },
): Promise<AccountToCheck[]> {
  const base = () =>
    db
      .select(columns)
      .from(reconciliationAccounts)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, reconciliationAccounts.accountId));
  const ofAgency = eq(reconciliationAccounts.agencyId, agencyId);
  if (choice.all) return base().where(ofAgency);

  const picked: AccountToCheck[] = [];
  const active = [...choice.active];
  for (let i = 0; i < active.length; i += CHUNK) {
    const ids = active.slice(i, i + CHUNK);
    picked.push(...(await base().where(and(ofAgency, inArray(reconciliationAccounts.accountId, ids)))));
  }
  picked.push(
    ...(await base().where(
      and(
        ofAgency,
        isNull(reconciliationAccounts.checkedAt),
        active.length > 0 && active.length <= CHUNK
          ? notInArray(reconciliationAccounts.accountId, active)
          : undefined,
      ),
    )),
  );
  if (choice.sweep > 0) {
    const taken = picked.map((a) => a.accountId);
    picked.push(
      ...(await base()
        .where(
          and(
            ofAgency,
            sql`${reconciliationAccounts.checkedAt} IS NOT NULL`,
            taken.length > 0 && taken.length <= CHUNK
              ? notInArray(reconciliationAccounts.accountId, taken)
              : undefined,
          ),
        )
        .orderBy(asc(reconciliationAccounts.checkedAt), asc(reconciliationAccounts.accountId))
        .limit(choice.sweep)),
    );
  }
  // Active ids beyond one chunk are excluded above by this pass instead of in SQL.
  return [...new Map(picked.map((a) => [a.accountId, a])).values()];
}
