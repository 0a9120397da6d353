import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { aggregatorReferenceOf } from '../adapters/providers/fundtransfer-names';
import { ledgerTransactions } from '../db/schema/ledger';
import { sandboxProviderTransfers } from '../db/schema/sandbox-providers';
import { describeWorkerUnderFaults } from './worker-faults-scenario';

// The fault run (docs/testing.md; the scenario: worker-faults-scenario.ts), with the demo's gclub on the aggregator
// protocol, fundtransfer-v1: its sandbox under the same faults (error pages, stalls, dropped answers), its
// transfers settled by checkTransaction look-ups, reconciliation by look-ups too (it has no statement).
describeWorkerUnderFaults({
  name: 'fundtransfer-v1',
  env: { SANDBOX_FUNDTRANSFER_PROVIDERS: 'gclub' },
  depositsAtProvider: async (app) => {
    // The aggregator holds each of our references under its reference id (fundtransfer-names.ts).
    const ledger = await app.db.select({ reference: ledgerTransactions.reference }).from(ledgerTransactions);
    const ours = new Map(ledger.map((row) => [aggregatorReferenceOf(row.reference), row.reference]));
    const held = await app.db
      .select({ reference: sandboxProviderTransfers.reference })
      .from(sandboxProviderTransfers)
      .where(eq(sandboxProviderTransfers.provider, 'gclub'));
    // Nothing at the aggregator that the ledger does not know.
    expect(held.filter((row) => !ours.has(row.reference))).toEqual([]);
    const credits = held.filter((row) => /^D.*:in$/.test(ours.get(row.reference) ?? ''));
    return { n: new Set(credits.map((row) => row.reference)).size, all: credits.length };
  },
});
