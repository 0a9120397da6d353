import type { TProvider } from '@lc/shared/providers';
import type { FastifyBaseLogger } from 'fastify';
import type { GameProvider } from '../../adapters/providers/game-provider';
import type { Db } from '../../db/client';
import type { AgencyRow } from '../../db/schema/agency';
import type { ReconciliationRunRow } from '../../db/schema/reconciliation';
import { forEachLimit } from '../../worker/map-limit';
import { findBalanceCacheDifferences } from '../ledger/find-balance-cache-differences';
import { agencyLedgerTotals } from './agency-ledger-totals';
import { collectProviderTransfers } from './collect-provider-transfers';
import { countProviderCalls, type ReconciliationProvider } from './count-provider-calls';
import { findPreviousRun } from './find-previous-run';
import { matchTransfers } from './match-transfers';
import { pickAccountsToCheck } from './pick-accounts-to-check';
import { readAccountStatement, type StatementCheck } from './read-account-statement';
import { renewRunLease } from './run-lease';
import { saveRunResult } from './save-run-result';
import { syncReconciliationAccounts } from './sync-reconciliation-accounts';

export type RunDeps = {
  db: Db;
  /** The agency's client of a provider (app.providers.of). */
  providerOf: (agencyId: string, provider: TProvider) => GameProvider;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How many already-checked accounts (of `known`) the slow sweep reads per ACTIVITY run. */
  sweepSize: (known: number) => number;
};

// Statements are asked a few at a time: gentle with the providers.
const PARALLEL_STATEMENTS = 8;
// Each window starts this long before the previous one ended: a transfer stamped just before the previous
// run read the report but committed after it is still seen.
export const WINDOW_OVERLAP_MS = 60_000;
const RENEW_EVERY = 200;

/**
 * Runs a started reconciliation to its end and stores it: the providers' transfer reports of the window
 * matched with the ledger by reference, the statements of the accounts with activity (every account for a
 * FULL run) beside their ledger balances, and the cached-balance check. Never throws: a failure is stored
 * on the run as FAILED.
 */
export async function executeReconciliationRun(
  deps: RunDeps,
  agency: AgencyRow,
  run: ReconciliationRunRow,
): Promise<void> {
  const { db, log } = deps;
  const calls = { count: 0 };
  const clients = new Map<TProvider, ReconciliationProvider>();
  const providerOf = (name: TProvider) => {
    let client = clients.get(name);
    if (!client) {
      client = countProviderCalls(deps.providerOf(agency.id, name), calls);
      clients.set(name, client);
    }
    return client;
  };
  try {
    const known = await syncReconciliationAccounts(db, agency);
    const previous = await findPreviousRun(db, agency.id, run.seq);
    const window = {
      from: new Date((previous.windowEnd?.getTime() ?? WINDOW_OVERLAP_MS) - WINDOW_OVERLAP_MS),
      to: run.startedAt,
    };
    const report = await collectProviderTransfers(providerOf, window, log);
    const matching = await matchTransfers(
      { db, agencyId: agency.id, providerOf, log },
      window,
      report.transfers,
      previous.referenceDifferences,
    );
    await renewRunLease(db, run.id, deps.now());

    const active = new Set([...matching.activeAccountIds, ...previous.differingAccountIds]);
    for (const d of matching.differences) active.add(d.accountId);
    const accounts = await pickAccountsToCheck(
      db,
      agency.id,
      run.kind === 'FULL' ? { all: true } : { all: false, active, sweep: deps.sweepSize(known.total) },
    );
    const checks: StatementCheck[] = [];
    let done = 0;
    await forEachLimit(accounts, PARALLEL_STATEMENTS, async (account) => {
      checks.push(await readAccountStatement(db, agency.id, providerOf(account.provider), account, log));
      done += 1;
      if (done % RENEW_EVERY === 0) await renewRunLease(db, run.id, deps.now());
    });

    await saveRunResult(db, {
      run,
      window,
      // An unread report or look-up leaves part of the window unexamined: the next run reads it again.
      isWindowComplete: report.unavailable.length === 0 && matching.unavailable === 0,
      checks,
      references: matching.differences,
      cache: await findBalanceCacheDifferences(db, agency.id),
      totals: await agencyLedgerTotals(db, agency.id),
      transfersMatched: matching.matched,
      providerCalls: calls.count,
      finishedAt: deps.now(),
    });
  } catch (error) {
    log.error({ err: error, runId: run.id }, 'reconciliation run failed');
    await saveRunResult(db, {
      run,
      failure: error instanceof Error ? error.message : String(error),
      providerCalls: calls.count,
      finishedAt: deps.now(),
    }).catch((saveError) => log.error({ err: saveError, runId: run.id }, 'could not store the failure'));
  }
}
