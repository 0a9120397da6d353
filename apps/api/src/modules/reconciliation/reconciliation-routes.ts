import { ZReconciliationResponse } from '@lc/shared/contracts/reconciliation';
import type { TProvider } from '@lc/shared/providers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { opsActorOf, recordAudit } from '../ops/record-audit';
import { reconcileAccounts } from './reconcile-accounts';

/** Ops: the ledger's view of every player's provider credit beside the providers' own statements. */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/reconciliation',
    {
      onRequest: [requireOps, requireAgency],
      schema: {
        tags: ['ops'],
        summary: 'Ledger against provider statements, per player and provider',
        security: [{ opsToken: [] }],
        response: { 200: ZReconciliationResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const agency = agencyOf(request);
      const now = app.now();
      const deps = { db: app.db, providerOf: (p: TProvider) => app.providers.get(p), log: request.log, now };
      const report = await reconcileAccounts(deps, agency);
      const { accounts, differences, unavailable } = report.summary;
      await recordAudit(app.db, {
        actor: opsActorOf(request),
        action: 'reconciliation.run',
        target: `agency:${agency.code}`,
        details: { accounts, differences, unavailable },
        at: now,
      });
      if (differences > 0)
        request.log.warn({ event: 'reconciliation.differences', differences }, 'ledger differs');
      return report;
    },
  );
};
