import type {
  TReconciliationDifference,
  TReconciliationResponse,
  TReconciliationRow,
} from '@lc/shared/contracts/reconciliation';
import { formatMinor } from '@lc/shared/money';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts } from '../../db/schema/ledger';
import { players } from '../../db/schema/players';
import {
  reconciliationChecks as checks,
  reconciliationDifferences as differences,
  reconciliationRuns as runs,
} from '../../db/schema/reconciliation';
import { toReconciliationRunDto } from './to-reconciliation-run-dto';

const thb = (minor: bigint) => formatMinor(minor, 'THB');
const thbOrNull = (minor: bigint | null) => (minor === null ? null : thb(minor));
const ZERO_TOTALS = { house: '0.00', bonus: '0.00', payout: '0.00', ledgerSum: '0.00' };

/**
 * A stored run with what it read and found: the run `id`, or the agency's latest finished (DONE) run when
 * `id` is 'latest'. Null when there is none.
 */
export async function getReconciliationReport(
  db: DbOrTx,
  agencyId: string,
  id: string | 'latest',
): Promise<TReconciliationResponse | null> {
  const [run] = await db
    .select()
    .from(runs)
    .where(
      id === 'latest'
        ? and(eq(runs.agencyId, agencyId), eq(runs.status, 'DONE'))
        : and(eq(runs.agencyId, agencyId), eq(runs.id, id)),
    )
    .orderBy(desc(runs.seq))
    .limit(1);
  if (!run) return null;

  const checked = await db
    .select({ check: checks, username: players.username })
    .from(checks)
    .innerJoin(players, eq(players.id, checks.playerId))
    .where(eq(checks.runId, run.id))
    .orderBy(asc(players.username), asc(checks.provider));
  const rows = checked.map(({ check: c, username }): TReconciliationRow => {
    const net =
      c.transferredIn !== null && c.transferredOut !== null ? c.transferredIn - c.transferredOut : null;
    return {
      playerId: c.playerId,
      username,
      provider: c.provider,
      member: c.member,
      ledger: thb(c.ledger),
      transferredIn: thbOrNull(c.transferredIn),
      transferredOut: thbOrNull(c.transferredOut),
      difference: net === null ? null : thb(c.ledger - net),
      providerBalance: thbOrNull(c.providerBalance),
      gameNet: net === null || c.providerBalance === null ? null : thb(c.providerBalance - net),
      status: c.status,
      error: c.error,
    };
  });

  const found = await db
    .select({
      difference: differences,
      username: players.username,
      kind: ledgerAccounts.kind,
      currency: ledgerAccounts.currency,
    })
    .from(differences)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, differences.accountId))
    .leftJoin(players, eq(players.id, differences.playerId))
    .where(eq(differences.runId, run.id))
    .orderBy(asc(players.username), asc(differences.provider), asc(differences.reference));
  const byAccount = new Map<string, TReconciliationDifference>();
  for (const { difference: d, username, kind, currency } of found) {
    let item = byAccount.get(d.accountId);
    if (!item) {
      item = {
        accountId: d.accountId,
        account: `${kind} ${currency}`,
        playerId: d.playerId,
        username,
        provider: d.provider,
        balance: null,
        cache: null,
        references: [],
      };
      byAccount.set(d.accountId, item);
    }
    if (d.kind === 'BALANCE_DIFFERS' && d.ledgerAmount !== null && d.providerAmount !== null) {
      item.balance = {
        ledger: thb(d.ledgerAmount),
        provider: thb(d.providerAmount),
        difference: thb(d.ledgerAmount - d.providerAmount),
      };
    } else if (d.kind === 'CACHE_DIFFERS' && d.ledgerAmount !== null && d.entriesAmount !== null) {
      item.cache = { cached: thb(d.ledgerAmount), entries: thb(d.entriesAmount) };
    } else if (
      d.reference &&
      (d.kind === 'MISSING_AT_PROVIDER' || d.kind === 'MISSING_IN_LEDGER' || d.kind === 'AMOUNT_DIFFERS')
    ) {
      item.references.push({
        reference: d.reference,
        kind: d.kind,
        provider: thbOrNull(d.providerAmount),
        ledger: thbOrNull(d.ledgerAmount),
      });
    }
  }

  const { ledgerSum, ...ledger } = run.totals ?? ZERO_TOTALS;
  return {
    run: toReconciliationRunDto(run),
    rows,
    differences: [...byAccount.values()],
    summary: {
      accounts: run.accountsChecked,
      differences: run.differences,
      unavailable: run.unavailable,
      checkedAt: run.startedAt.toISOString(),
      ledger,
      ledgerSum,
    },
  };
}
