import {
  ZOpsPromotionListResponse,
  ZOpsPromotionParams,
  ZOpsPromotionRequest,
  ZOpsPromotionResponse,
} from '@lc/shared/contracts/ops-promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { createPromotion } from './create-promotion';
import { listOpsPromotions } from './list-ops-promotions';
import { auditScopeOf, opsActorOf, recordAccess } from './record-audit';
import { setPromotionActive } from './set-promotion-active';
import { toOpsPromotionDto } from './to-ops-promotion-dto';
import { updatePromotion } from './update-promotion';

/** Ops: the agency's promotions: list, create, replace, activate, deactivate. Every call is audited. */
export const opsPromotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/promotions',
    {
      // onRequest: the token is checked before anything is validated, so a caller without it learns nothing.
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        security: [{ opsToken: [] }, { opsSession: [] }],
        summary: 'Every promotion of the agency, inactive and ended ones too, newest first',
        response: { 200: ZOpsPromotionListResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const agency = agencyOf(request);
      const rows = await listOpsPromotions(app.db, agency.id);
      await recordAccess(app.db, {
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
        action: 'promotions.list',
        target: `agency:${agency.code}`,
        details: { total: rows.length },
        at: app.now(),
      });
      return { promotions: rows.map(toOpsPromotionDto) };
    },
  );

  app.post(
    '/api/ops/v1/promotions',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'admin' },
      schema: {
        tags: ['ops'],
        security: [{ opsToken: [] }, { opsSession: [] }],
        summary: 'Create a promotion',
        body: ZOpsPromotionRequest,
        response: { 201: ZOpsPromotionResponse, ...errorResponses(400, 401, 404, 415) },
      },
    },
    async (request, reply) => {
      const row = await createPromotion(app.db, {
        agency: agencyOf(request),
        input: request.body,
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
        now: app.now(),
      });
      return reply.code(201).send({ promotion: toOpsPromotionDto(row) });
    },
  );

  app.put(
    '/api/ops/v1/promotions/:id',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'admin' },
      schema: {
        tags: ['ops'],
        security: [{ opsToken: [] }, { opsSession: [] }],
        summary: 'Replace every field of a promotion (usages under way keep their deposit amount and target)',
        params: ZOpsPromotionParams,
        body: ZOpsPromotionRequest,
        response: { 200: ZOpsPromotionResponse, ...errorResponses(400, 401, 404, 415) },
      },
    },
    async (request) => {
      const row = await updatePromotion(app.db, {
        agency: agencyOf(request),
        id: request.params.id,
        input: request.body,
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
        now: app.now(),
      });
      return { promotion: toOpsPromotionDto(row) };
    },
  );

  // Activate and deactivate differ only in the state they set.
  const SWITCHES = [
    { verb: 'activate', isActive: true, summary: 'Show a promotion to players (within its dates)' },
    { verb: 'deactivate', isActive: false, summary: 'Hide a promotion from players; usages under way go on' },
  ] as const;
  for (const { verb, isActive, summary } of SWITCHES) {
    app.post(
      `/api/ops/v1/promotions/:id/${verb}`,
      {
        onRequest: [requireOps, requireAgency],
        config: { opsRole: 'admin' },
        schema: {
          tags: ['ops'],
          summary,
          security: [{ opsToken: [] }, { opsSession: [] }],
          params: ZOpsPromotionParams,
          response: { 200: ZOpsPromotionResponse, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const row = await setPromotionActive(app.db, {
          agency: agencyOf(request),
          id: request.params.id,
          isActive,
          actor: opsActorOf(request),
          scope: auditScopeOf(request),
          now: app.now(),
        });
        return { promotion: toOpsPromotionDto(row) };
      },
    );
  }
};
