import type {
  TLedgerTotals,
  TReconciliationResponse,
  TReconciliationRow,
} from '@lc/shared/contracts/reconciliation';
import { formatMinor } from '@lc/shared/money';
import type { TProvider } from '@lc/shared/providers';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { GameProvider } from '../../adapters/providers/game-provider';
import type { DbOrTx } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import { ledgerAccounts, type TLedgerAccountKind } from '../../db/schema/ledger';
import { players } from '../../db/schema/players';
import { ensureProviderMember } from '../credits/ensure-provider-member';
import { playerProviderAccount } from '../ledger/account-key';
import { getAccountBalance } from '../ledger/get-account-balance';

export type ReconcileDeps = {
  db: DbOrTx;
  providerOf: (provider: TProvider) => GameProvider;
  log: FastifyBaseLogger;
  now: Date;
};

// Statements are asked a few at a time: fast enough for an operator, gentle with the providers.
const PARALLEL_STATEMENTS = 8;
// A difference is read again this many times, this far apart, before it is reported.
const DIFFERENCE_RECHECKS = 3;
const RECHECK_DELAY_MS = 200;
const thb = (minor: bigint) => formatMinor(minor, 'THB');

/**
 * Every player's credit at every provider of the agency, the ledger beside the provider's statement.
 * The ledger only records transfers (game results happen at the provider), so what must agree is the
 * ledger balance and the provider's transferred-in minus transferred-out; any difference is flagged.
 */
export async function reconcileAccounts(
  deps: ReconcileDeps,
  agency: AgencyRow,
): Promise<TReconciliationResponse> {
  const accounts = await deps.db
    .select({
      playerId: players.id,
      username: players.username,
      provider: ledgerAccounts.provider,
      ledger: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .innerJoin(players, eq(players.id, ledgerAccounts.playerId))
    .where(and(eq(ledgerAccounts.agencyId, agency.id), eq(ledgerAccounts.kind, 'PLAYER_PROVIDER')))
    .orderBy(asc(players.username), asc(ledgerAccounts.provider));

  const rows = await mapLimit(accounts, PARALLEL_STATEMENTS, async (account) => {
    const provider = deps.providerOf(account.provider as TProvider);
    const owner = { agencyId: agency.id, agencyCode: agency.code, playerId: account.playerId };
    const base = { playerId: account.playerId, username: account.username, provider: provider.provider };
    let member = '';
    try {
      // Ensured first: a ledger posting without any transfer leaves no member there, which reads as zeros.
      const ensured = await ensureProviderMember(deps.db, provider, owner, deps.log);
      member = ensured.username;
      let ledger = account.ledger;
      let statement = await provider.getStatement(ensured);
      // The ledger was read before the statement: a transfer of this player settling in between shows as a
      // difference that is gone a moment later. Only a difference that stays is reported.
      for (let recheck = 0; recheck < DIFFERENCE_RECHECKS; recheck++) {
        if (ledger === statement.transferredIn - statement.transferredOut) break;
        await new Promise((resolve) => setTimeout(resolve, RECHECK_DELAY_MS));
        ledger = await getAccountBalance(
          deps.db,
          agency.id,
          playerProviderAccount(account.playerId, provider.provider),
        );
        statement = await provider.getStatement(ensured);
      }
      const net = statement.transferredIn - statement.transferredOut;
      const difference = ledger - net;
      return {
        ...base,
        member,
        ledger: thb(ledger),
        transferredIn: thb(statement.transferredIn),
        transferredOut: thb(statement.transferredOut),
        difference: thb(difference),
        providerBalance: thb(statement.balance),
        gameNet: thb(statement.balance - net),
        status: difference === 0n ? 'OK' : 'DIFFERENCE',
        error: null,
      } satisfies TReconciliationRow;
    } catch (error) {
      deps.log.warn(
        { err: error, provider: provider.provider, playerId: account.playerId },
        'statement failed',
      );
      return {
        ...base,
        member,
        ledger: thb(account.ledger),
        transferredIn: null,
        transferredOut: null,
        difference: null,
        providerBalance: null,
        gameNet: null,
        status: 'UNAVAILABLE',
        error: error instanceof Error ? error.message : String(error),
      } satisfies TReconciliationRow;
    }
  });

  const { ledger, ledgerSum } = await agencyLedgerTotals(deps.db, agency.id);
  return {
    rows,
    summary: {
      accounts: rows.length,
      differences: rows.filter((r) => r.status === 'DIFFERENCE').length,
      unavailable: rows.filter((r) => r.status === 'UNAVAILABLE').length,
      checkedAt: deps.now.toISOString(),
      ledger,
      ledgerSum,
    },
  };
}

/**
 * The agency's THB accounts by kind (PAYOUT summed over players), and all of them together: every transaction
 * sums to zero, so a non-zero `ledgerSum` means the cached balances no longer match their entries.
 */
async function agencyLedgerTotals(
  db: DbOrTx,
  agencyId: string,
): Promise<{ ledger: TLedgerTotals; ledgerSum: string }> {
  const byKind = await db
    .select({
      kind: ledgerAccounts.kind,
      // As text: the sum of a bigint column is a numeric, which drivers hand over differently.
      total: sql<string>`sum(${ledgerAccounts.balance})::text`,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.agencyId, agencyId), eq(ledgerAccounts.currency, 'THB')))
    .groupBy(ledgerAccounts.kind);
  const totalOf = (kind: TLedgerAccountKind) => BigInt(byKind.find((r) => r.kind === kind)?.total ?? 0);
  const sum = byKind.reduce((acc, r) => acc + BigInt(r.total), 0n);
  return {
    ledger: { house: thb(totalOf('HOUSE')), bonus: thb(totalOf('BONUS')), payout: thb(totalOf('PAYOUT')) },
    ledgerSum: thb(sum),
  };
}

/** `items.map(fn)` with at most `limit` calls running at once, results in input order. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
