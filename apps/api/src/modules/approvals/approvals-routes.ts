import {
  ZAdjustmentRequest,
  ZApprovalParams,
  ZApprovalResponse,
  ZApprovalsQuery,
  ZApprovalsResponse,
  ZDecideApprovalRequest,
  ZDecideApprovalResponse,
} from '@lc/shared/contracts/ops-approvals';
import { parseMoney } from '@lc/shared/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, OPS_SECURITY } from '../../lib/route-schemas';
import { opsCallerOf, requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { gameProviderOf } from '../credits/game-provider-of';
import { auditScopeOf } from '../ops/record-audit';
import { decideApproval } from './decide-approval';
import { listApprovals } from './list-approvals';
import { requestAdjustment } from './request-adjustment';
import { toApprovalDto } from './to-approval-dto';

/** Four eyes: adjustments are requested here, and every request is approved or rejected by a second member. */
export const approvalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/ops/v1/adjustments',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'finance' },
      schema: {
        tags: ['ops'],
        summary:
          "Request a signed THB adjustment of a player's credit at a provider (202: waits for approval)",
        security: OPS_SECURITY,
        body: ZAdjustmentRequest,
        response: { 202: ZApprovalResponse, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const approval = await requestAdjustment(app.db, {
        agencyId: agencyOf(request).id,
        playerId: request.body.playerId,
        provider: gameProviderOf(app, agencyOf(request).id, request.body.provider).provider,
        amount: parseMoney(request.body.amount, 'THB', { allowNegative: true }),
        reason: request.body.reason,
        caller: opsCallerOf(request),
        scope: auditScopeOf(request),
        now: app.now(),
      });
      return reply.code(202).send({ approval: toApprovalDto(approval) });
    },
  );

  app.get(
    '/api/ops/v1/approvals',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'finance' },
      schema: {
        tags: ['ops'],
        summary: 'Four-eyes requests, oldest first, optionally of one status',
        security: OPS_SECURITY,
        querystring: ZApprovalsQuery,
        response: { 200: ZApprovalsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const found = await listApprovals(app.db, agencyOf(request).id, request.query);
      return { items: found.items.map(toApprovalDto), page, pageSize, total: found.total };
    },
  );

  for (const verb of ['approve', 'reject'] as const) {
    app.post(
      `/api/ops/v1/approvals/:id/${verb}`,
      {
        onRequest: [requireOps, requireAgency],
        config: { opsRole: 'finance' },
        schema: {
          tags: ['ops'],
          summary: `${verb === 'approve' ? 'Approve (and carry out)' : 'Reject'} a PENDING request; never by its requester (403 SAME_STAFF) nor OPS_TOKEN`,
          security: OPS_SECURITY,
          params: ZApprovalParams,
          body: ZDecideApprovalRequest,
          response: { 200: ZDecideApprovalResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
        },
      },
      async (request) => {
        const decided = await decideApproval(app, {
          agency: agencyOf(request),
          id: request.params.id,
          isApproved: verb === 'approve',
          reason: request.body?.reason ?? null,
          caller: opsCallerOf(request),
          scope: auditScopeOf(request),
          log: request.log,
        });
        return {
          approval: toApprovalDto(decided.approval),
          ...(decided.initialPassword ? { initialPassword: decided.initialPassword } : {}),
        };
      },
    );
  }
};
