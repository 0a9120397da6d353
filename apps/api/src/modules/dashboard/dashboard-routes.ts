import { ZDashboardQuery, ZDashboardResponse } from '@lc/shared/contracts/ops-dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, OPS_SECURITY } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { buildDashboard } from './build-dashboard';

/** `GET /api/ops/v1/dashboard`: the back office's first page. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/dashboard',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary:
          'Today and the last N Lao days: deposits, withdrawals, bonuses, house result; open queues; the latest reconciliation run',
        security: OPS_SECURITY,
        querystring: ZDashboardQuery,
        response: { 200: ZDashboardResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      buildDashboard(app.db, agencyOf(request).id, { days: request.query.days, now: app.now() }),
  );
};
