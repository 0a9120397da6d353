import { ZSettlementQuery, ZSettlementReport } from '@lc/shared/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { auditScopeOf, opsActorOf, recordAccess } from '../ops/record-audit';
import { buildSettlementReport } from './build-settlement-report';
import { toSettlementCsv } from './settlement-csv';

/** Ops: the daily settlement report (`reports/settlement`), JSON or CSV; every look in the access log. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/reports/settlement',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'finance' },
      schema: {
        tags: ['ops'],
        summary:
          'Settlement of a Lao day: kip received per channel, deposits credited, payouts, bonuses, house, and ' +
          "the ledger's LAK bank movement beside them; ?format=csv for CSV",
        security: [{ opsToken: [] }, { opsSession: [] }],
        querystring: ZSettlementQuery,
        response: { 200: z.union([ZSettlementReport, z.string()]), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const agency = agencyOf(request);
      const { date, format } = request.query;
      const report = await buildSettlementReport(app.db, agency.id, date);
      await recordAccess(app.db, {
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
        action: 'reports.settlement',
        target: `agency:${agency.code}`,
        details: { date, format },
        at: app.now(),
      });
      if (format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="settlement-${agency.code}-${date}.csv"`)
          .send(toSettlementCsv(report));
      }
      return report;
    },
  );
};
