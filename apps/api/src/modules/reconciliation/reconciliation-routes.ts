import { ZPageQuery } from '@lc/shared/contracts/common';
import {
  ZReconciliationResponse,
  ZReconciliationRunPage,
  ZStartReconciliationRequest,
  ZStartReconciliationResponse,
} from '@lc/shared/contracts/reconciliation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { auditScopeOf, opsActorOf } from '../ops/record-audit';
import { getReconciliationReport } from './get-reconciliation-report';
import { launchReconciliationRun, waitForReconciliationRuns } from './launch-reconciliation-run';
import { listReconciliationRuns } from './list-reconciliation-runs';
import { toReconciliationRunDto } from './to-reconciliation-run-dto';

const security = [{ opsToken: [] }];

/**
 * Ops: stored reconciliation runs (docs/decisions/0022-reconciliation-runs.md). No request reads the
 * providers: a run executes in the background and these routes read what it stored.
 */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preClose', () => waitForReconciliationRuns(app));

  app.get(
    '/api/ops/v1/reconciliation',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary: 'The latest finished reconciliation run: ledger against the providers, with its differences',
        security,
        response: { 200: ZReconciliationResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const report = await getReconciliationReport(app.db, agencyOf(request).id, 'latest');
      if (!report) throw new AppError(404, 'NOT_FOUND', 'No reconciliation run has finished yet');
      return report;
    },
  );

  app.post(
    '/api/ops/v1/reconciliation/runs',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'finance' },
      schema: {
        tags: ['ops'],
        summary: 'Start a reconciliation run (or answer the one running)',
        security,
        body: ZStartReconciliationRequest.optional(),
        response: { 202: ZStartReconciliationResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { run } = await launchReconciliationRun(app, agencyOf(request), {
        kind: request.body?.kind ?? 'ACTIVITY',
        requestedBy: opsActorOf(request),
        scope: auditScopeOf(request),
        log: request.log,
      });
      return reply.code(202).send({ run: toReconciliationRunDto(run) });
    },
  );

  app.get(
    '/api/ops/v1/reconciliation/runs',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary: 'Stored reconciliation runs, newest first',
        security,
        querystring: ZPageQuery,
        response: { 200: ZReconciliationRunPage, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { rows, total } = await listReconciliationRuns(app.db, agencyOf(request).id, request.query);
      return {
        items: rows.map(toReconciliationRunDto),
        page: request.query.page,
        pageSize: request.query.pageSize,
        total,
      };
    },
  );

  app.get(
    '/api/ops/v1/reconciliation/runs/:id',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary: 'One stored run with the accounts it read and its differences, reference by reference',
        security,
        params: z.object({ id: z.uuid() }),
        response: { 200: ZReconciliationResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const report = await getReconciliationReport(app.db, agencyOf(request).id, request.params.id);
      if (!report) throw new AppError(404, 'NOT_FOUND');
      return report;
    },
  );
};
