import {
  ZApproveWithdrawalRequest,
  ZBounceWithdrawalRequest,
  ZOpsWithdrawalResponse,
  ZOpsWithdrawalsQuery,
  ZOpsWithdrawalsResponse,
  ZRejectWithdrawalRequest,
} from '@lc/shared/contracts/ops-withdrawals';
import { ZOrderCodeParams } from '@lc/shared/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { approveWithdrawal } from '../withdrawals/approve-withdrawal';
import { bounceWithdrawal } from '../withdrawals/bounce-withdrawal';
import { rejectWithdrawal } from '../withdrawals/reject-withdrawal';
import { toOpsWithdrawalDto } from '../withdrawals/to-ops-withdrawal-dto';
import { listOpsWithdrawals, usernameOf } from '../withdrawals/withdrawals-repository';
import { opsActorOf, recordAudit } from './record-audit';

/**
 * Ops: the payout queue of the host's agency; approve (paid out), reject (credit back), bounced (the bank sent
 * a payout back: then approve re-pays it, reject credits it back). All audited.
 */
export const opsWithdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/withdrawals',
    {
      onRequest: [requireOps, requireAgency],
      schema: {
        tags: ['ops'],
        summary: 'Withdrawals of the agency, newest first, optionally of one status',
        security: [{ opsToken: [] }],
        querystring: ZOpsWithdrawalsQuery,
        response: { 200: ZOpsWithdrawalsResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const agency = agencyOf(request);
      const page = await listOpsWithdrawals(app.db, agency.id, request.query);
      await recordAudit(app.db, {
        actor: opsActorOf(request),
        action: 'withdrawals.list',
        target: `agency:${agency.code}`,
        details: { status: request.query.status ?? null, total: page.total },
        at: app.now(),
      });
      return page;
    },
  );

  app.post(
    '/api/ops/v1/withdrawals/:code/approve',
    {
      onRequest: [requireOps, requireAgency],
      schema: {
        tags: ['ops'],
        summary:
          'Mark an OPEN withdrawal paid out with the bank reference (→ SUCCESS); a BOUNCED one: re-paid (→ SUCCESS)',
        security: [{ opsToken: [] }],
        params: ZOrderCodeParams,
        body: ZApproveWithdrawalRequest,
        response: { 200: ZOpsWithdrawalResponse, ...errorResponses(400, 401, 404, 409, 415) },
      },
    },
    async (request) => {
      const order = await approveWithdrawal(app.db, {
        agency: agencyOf(request),
        code: request.params.code,
        bankReference: request.body.bankReference,
        actor: opsActorOf(request),
        now: app.now(),
      });
      return { withdrawal: toOpsWithdrawalDto(order, await usernameOf(app.db, order.playerId)) };
    },
  );

  app.post(
    '/api/ops/v1/withdrawals/:code/bounced',
    {
      onRequest: [requireOps, requireAgency],
      schema: {
        tags: ['ops'],
        summary:
          "A SUCCESS withdrawal's payout came back from the bank (→ BOUNCED, the payout owed again); 409 otherwise",
        security: [{ opsToken: [] }],
        params: ZOrderCodeParams,
        body: ZBounceWithdrawalRequest,
        response: { 200: ZOpsWithdrawalResponse, ...errorResponses(400, 401, 404, 409, 415) },
      },
    },
    async (request) => {
      const order = await bounceWithdrawal(app.db, {
        agency: agencyOf(request),
        code: request.params.code,
        bankReference: request.body.bankReference,
        actor: opsActorOf(request),
        now: app.now(),
      });
      return { withdrawal: toOpsWithdrawalDto(order, await usernameOf(app.db, order.playerId)) };
    },
  );

  app.post(
    '/api/ops/v1/withdrawals/:code/reject',
    {
      onRequest: [requireOps, requireAgency],
      schema: {
        tags: ['ops'],
        summary:
          'Reject an OPEN withdrawal, or credit a BOUNCED one back: the credit goes back to the provider ' +
          "(→ REJECTED); 202 while the provider's answer is unknown (RETURNING or BOUNCE_RETURNING: repeat to " +
          'resume, it never returns twice)',
        security: [{ opsToken: [] }],
        params: ZOrderCodeParams,
        body: ZRejectWithdrawalRequest,
        response: {
          200: ZOpsWithdrawalResponse,
          202: ZOpsWithdrawalResponse,
          ...errorResponses(400, 401, 404, 409, 415),
        },
      },
    },
    async (request, reply) => {
      const order = await rejectWithdrawal(app, {
        agency: agencyOf(request),
        code: request.params.code,
        reason: request.body?.reason || null,
        actor: opsActorOf(request),
        log: request.log,
      });
      const withdrawal = toOpsWithdrawalDto(order, await usernameOf(app.db, order.playerId));
      return reply.code(order.status === 'REJECTED' ? 200 : 202).send({ withdrawal });
    },
  );
};
