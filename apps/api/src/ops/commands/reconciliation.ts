import {
  type TReconciliationResponse,
  type TReconciliationRow,
  ZReconciliationResponse,
  ZStartReconciliationResponse,
} from '@lc/shared/contracts/reconciliation';
import { formatMinor, parseMoney } from '@lc/shared/money';
import { EXIT, type OpsCommand } from '../command';
import { formatTable } from '../format-table';
import type { OpsClient } from '../ops-client';

const money = (value: string | null) => value ?? '-';
/** The bonus account goes negative as bonuses are given: shown negated, what the agency gave away. */
const negated = (value: string) => formatMinor(-parseMoney(value, 'THB', { allowNegative: true }), 'THB');
const POLL_MS = 250;
const WAIT_MS = 30 * 60_000;

/** Starts a run and waits until it is stored; the run's report. */
async function runAndWait(client: OpsClient, kind: 'FULL' | 'ACTIVITY'): Promise<TReconciliationResponse> {
  const started = await client.request(
    'POST',
    '/api/ops/v1/reconciliation/runs',
    ZStartReconciliationResponse,
    {
      body: { kind },
    },
  );
  const path = `/api/ops/v1/reconciliation/runs/${started.body.run.id}`;
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const { body } = await client.request('GET', path, ZReconciliationResponse);
    if (body.run.status !== 'RUNNING' || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export const reconciliationCommand: OpsCommand = {
  name: 'reconciliation',
  summary:
    "Run a reconciliation (ledger against the providers' transfers and statements, cached balances against entries), wait for it and print it; exit 1 when they differ",
  usage: '[--full]',
  options: {
    full: { type: 'boolean', description: "read every account's statement, not only those with activity" },
  },
  async run({ client, out }, args) {
    const body = await runAndWait(client, args.options.full ? 'FULL' : 'ACTIVITY');
    const { run } = body;
    if (body.rows.length > 0) {
      const lines = formatTable<TReconciliationRow>(
        [
          { header: 'PLAYER', value: (r) => r.username },
          { header: 'PROVIDER', value: (r) => r.provider },
          { header: 'LEDGER', value: (r) => r.ledger, isNumeric: true },
          { header: 'IN', value: (r) => money(r.transferredIn), isNumeric: true },
          { header: 'OUT', value: (r) => money(r.transferredOut), isNumeric: true },
          { header: 'DIFFERENCE', value: (r) => money(r.difference), isNumeric: true },
          { header: 'BALANCE', value: (r) => money(r.providerBalance), isNumeric: true },
          { header: 'GAME NET', value: (r) => money(r.gameNet), isNumeric: true },
          { header: 'STATUS', value: (r) => (r.error ? `${r.status}: ${r.error}` : r.status) },
        ],
        body.rows,
      );
      for (const line of lines) out(line);
    }
    for (const d of body.differences) {
      const who = d.username ? `${d.username} ${d.provider}` : d.account;
      for (const r of d.references) {
        out(`${who}: ${r.reference} ${r.kind} (provider ${money(r.provider)}, ledger ${money(r.ledger)})`);
      }
      if (d.cache) out(`${who}: cached balance ${d.cache.cached}, entries sum to ${d.cache.entries}`);
    }
    out(`run: ${run.id} ${run.kind} ${run.status} at ${run.startedAt}`);
    if (run.status !== 'DONE') {
      out(`run did not finish: ${run.error ?? run.status}`);
      return run.status === 'RUNNING' ? EXIT.INCOMPLETE : EXIT.FAILED;
    }
    const { accounts, differences, unavailable, ledger, ledgerSum } = body.summary;
    out(`accounts: ${accounts}`);
    out(`transfers matched: ${run.transfersMatched}, provider calls: ${run.providerCalls}`);
    if (unavailable > 0) out(`unavailable: ${unavailable}`);
    if (!run.isWindowComplete) out('transfer reports incomplete: the next run reads this window again');
    out(`house: ${ledger.house}`);
    out(`bonuses given: ${negated(ledger.bonus)}`);
    out(`payouts owed: ${ledger.payout}`);
    // Never expected (every posting sums to zero): the cached balances would have drifted from their entries.
    const isLedgerUnbalanced = ledgerSum !== '0.00';
    if (isLedgerUnbalanced) out(`ledger sum: ${ledgerSum} (must be 0.00)`);
    out(`differences: ${differences}`);
    if (differences > 0 || isLedgerUnbalanced) return EXIT.FAILED;
    return unavailable > 0 || !run.isWindowComplete ? EXIT.INCOMPLETE : EXIT.OK;
  },
};
