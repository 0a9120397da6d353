import { like, sql } from 'drizzle-orm';
import { sandboxProviderTransfers } from '../db/schema/sandbox-providers';
import { describeWorkerUnderFaults } from './worker-faults-scenario';

// The fault run (docs/testing.md; the scenario: worker-faults-scenario.ts), with gclub on our own protocol, laocredit-v1.
// worker-faults-aggregator.test.ts runs it with gclub on the aggregator protocol.
describeWorkerUnderFaults({
  name: 'laocredit-v1',
  env: {},
  depositsAtProvider: async (app) => {
    const [provider] = await app.db
      .select({
        n: sql<number>`count(distinct ${sandboxProviderTransfers.reference})::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(sandboxProviderTransfers)
      .where(like(sandboxProviderTransfers.reference, 'D%:in'));
    return provider;
  },
});
