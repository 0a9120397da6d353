import { CSV_MAX_ROWS } from '@lc/shared/contracts/common';
import { ZApprovalResponse } from '@lc/shared/contracts/ops-approvals';
import {
  type TOpsWithdrawal,
  ZApproveWithdrawalRequest,
  ZBounceWithdrawalRequest,
  ZOpsWithdrawal,
  ZOpsWithdrawalResponse,
  ZOpsWithdrawalsQuery,
  ZOpsWithdrawalsResponse,
  ZRejectWithdrawalRequest,
} from '@lc/shared/contracts/ops-withdrawals';
import { ZOrderCodeParams } from '@lc/shared/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas';
import { sendCsv } from '../../lib/send-csv';
import { toCsv } from '../../lib/to-csv';
import { opsCallerOf, requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { toApprovalDto } from '../approvals/to-approval-dto';
import { approveWithdrawal } from '../withdrawals/approve-withdrawal';
import { bounceWithdrawal } from '../withdrawals/bounce-withdrawal';
import { rejectWithdrawal } from '../withdrawals/reject-withdrawal';
import { toOpsWithdrawalDto } from '../withdrawals/to-ops-withdrawal-dto';
import { listOpsWithdrawals, usernameOf } from '../withdrawals/withdrawals-repository';
import { auditScopeOf, opsActorOf, recordAccess } from './record-audit';

/**
 * Ops: the payout queue of the host's agency; approve (paid out), reject (credit back), bounced (the bank sent
 * a payout back: then approve re-pays it, reject credits it back). All audited.
 */
export const opsWithdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/withdrawals',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary:
          'Withdrawals of the agency, newest first, optionally of one status; ?format=csv exports them',
        security: [{ opsToken: [] }, { opsSession: [] }],
        querystring: ZOpsWithdrawalsQuery,
        response: { 200: z.union([ZOpsWithdrawalsResponse, z.string()]), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const agency = agencyOf(request);
      const isCsv = request.query.format === 'csv';
      const query = isCsv ? { ...request.query, page: 1, pageSize: CSV_MAX_ROWS } : request.query;
      const page = await listOpsWithdrawals(app.db, agency.id, query);
      await recordAccess(app.db, {
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
        action: 'withdrawals.list',
        target: `agency:${agency.code}`,
        details: { status: request.query.status ?? null, total: page.total },
        at: app.now(),
      });
      if (isCsv) {
        const columns = Object.keys(ZOpsWithdrawal.shape) as (keyof TOpsWithdrawal)[];
        return sendCsv(reply, `withdrawals-${agency.code}.csv`, toCsv(columns, page.items));
      }
      return page;
    },
  );

  app.post(
    '/api/ops/v1/withdrawals/:code/approve',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'cashier' },
      schema: {
        tags: ['ops'],
        summary:
          'Mark an OPEN withdrawal paid out with the bank reference (→ SUCCESS); a BOUNCED one: re-paid (→ SUCCESS). ' +
          "Over the agency's approvalThreshold: 202 {approval} (WITHDRAWAL_APPROVAL), paid once a second " +
          'finance/admin member approves it; 409 APPROVAL_PENDING while one waits',
        security: [{ opsToken: [] }, { opsSession: [] }],
        params: ZOrderCodeParams,
        body: ZApproveWithdrawalRequest,
        response: {
          200: ZOpsWithdrawalResponse,
          202: ZApprovalResponse,
          ...errorResponses(400, 401, 404, 409, 415),
        },
      },
    },
    async (request, reply) => {
      const result = await approveWithdrawal(app.db, {
        agency: agencyOf(request),
        code: request.params.code,
        bankReference: request.body.bankReference,
        caller: opsCallerOf(request),
        scope: auditScopeOf(request),
        now: app.now(),
      });
      if ('approval' in result) return reply.code(202).send({ approval: toApprovalDto(result.approval) });
      const order = result.withdrawal;
      app.metrics.withdrawalDecided(order.status);
      return { withdrawal: toOpsWithdrawalDto(order, await usernameOf(app.db, order.playerId)) };
    },
  );

  app.post(
    '/api/ops/v1/withdrawals/:code/bounced',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'cashier' },
      schema: {
        tags: ['ops'],
        summary:
          "A SUCCESS withdrawal's payout came back from the bank (→ BOUNCED, the payout owed again); 409 otherwise",
        security: [{ opsToken: [] }, { opsSession: [] }],
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
        scope: auditScopeOf(request),
        now: app.now(),
      });
      app.metrics.withdrawalDecided(order.status);
      return { withdrawal: toOpsWithdrawalDto(order, await usernameOf(app.db, order.playerId)) };
    },
  );

  app.post(
    '/api/ops/v1/withdrawals/:code/reject',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'cashier' },
      schema: {
        tags: ['ops'],
        summary:
          'Reject an OPEN withdrawal: the credit goes back to the provider (→ REJECTED); 202 {withdrawal} while ' +
          "the provider's answer is unknown (RETURNING: repeat to resume, it never returns twice). Crediting a " +
          'BOUNCED one back is four eyes: 202 {approval} (BOUNCE_CREDIT_BACK), done once a second finance/admin ' +
          'member approves it; 409 APPROVAL_PENDING while one waits',
        security: [{ opsToken: [] }, { opsSession: [] }],
        params: ZOrderCodeParams,
        body: ZRejectWithdrawalRequest,
        response: {
          200: ZOpsWithdrawalResponse,
          202: z.union([ZOpsWithdrawalResponse, ZApprovalResponse]),
          ...errorResponses(400, 401, 404, 409, 415),
        },
      },
    },
    async (request, reply) => {
      const result = await rejectWithdrawal(app, {
        agency: agencyOf(request),
        code: request.params.code,
        reason: request.body?.reason || null,
        caller: opsCallerOf(request),
        scope: auditScopeOf(request),
        log: request.log,
      });
      if ('approval' in result) return reply.code(202).send({ approval: toApprovalDto(result.approval) });
      const order = result.withdrawal;
      app.metrics.withdrawalDecided(order.status);
      const withdrawal = toOpsWithdrawalDto(order, await usernameOf(app.db, order.playerId));
      return reply.code(order.status === 'REJECTED' ? 200 : 202).send({ withdrawal });
    },
  );
};
