import {
  ZConfirmDepositRequest,
  ZOpsDepositResponse,
  ZOpsDepositsQuery,
  ZOpsDepositsResponse,
  ZRejectDepositRequest,
} from '@lc/shared/contracts/ops-deposits';
import { ZOrderCodeParams } from '@lc/shared/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { usernameOf } from '../withdrawals/withdrawals-repository';
import { confirmDeposit } from './confirm-deposit';
import { listOpsDeposits } from './list-ops-deposits';
import { opsActorOf, recordAudit } from './record-audit';
import { rejectDeposit } from './reject-deposit';
import { toOpsDepositDto } from './to-ops-deposit-dto';

/** Ops: the agency's deposits; confirm a payment matched by hand, or reject a deposit. All audited. */
export const opsDepositsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/deposits',
    {
      onRequest: [requireOps, requireAgency],
      schema: {
        tags: ['ops'],
        summary: 'Deposits of the agency, newest first, optionally of one status',
        security: [{ opsToken: [] }],
        querystring: ZOpsDepositsQuery,
        response: { 200: ZOpsDepositsResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const agency = agencyOf(request);
      const page = await listOpsDeposits(app.db, agency.id, request.query);
      await recordAudit(app.db, {
        actor: opsActorOf(request),
        action: 'deposits.list',
        target: `agency:${agency.code}`,
        details: { status: request.query.status ?? null, total: page.total },
        at: app.now(),
      });
      return page;
    },
  );

  app.post(
    '/api/ops/v1/deposits/:code/confirm',
    {
      onRequest: [requireOps, requireAgency],
      schema: {
        tags: ['ops'],
        summary:
          'Confirm an OPEN, PAID or FAILED deposit against a stored bank payment (credit from the paid ' +
          'amount) → SUCCESS; 202 while the credit is not applied yet (retried)',
        security: [{ opsToken: [] }],
        params: ZOrderCodeParams,
        body: ZConfirmDepositRequest,
        response: {
          200: ZOpsDepositResponse,
          202: ZOpsDepositResponse,
          ...errorResponses(400, 401, 404, 409, 415),
        },
      },
    },
    async (request, reply) => {
      const row = await confirmDeposit(app, {
        agency: agencyOf(request),
        code: request.params.code,
        actor: opsActorOf(request),
        paymentId: request.body.paymentId,
        note: request.body.note ?? null,
      });
      const deposit = toOpsDepositDto(row, await usernameOf(app.db, row.playerId));
      return reply.code(row.status === 'SUCCESS' ? 200 : 202).send({ deposit });
    },
  );

  app.post(
    '/api/ops/v1/deposits/:code/reject',
    {
      onRequest: [requireOps, requireAgency],
      schema: {
        tags: ['ops'],
        summary:
          'Reject an OPEN, PAID or FAILED deposit (→ REJECTED, nothing credited); 409 DEPOSIT_ALREADY_CREDITED when its credit reached the provider (it is completed instead)',
        security: [{ opsToken: [] }],
        params: ZOrderCodeParams,
        body: ZRejectDepositRequest,
        response: { 200: ZOpsDepositResponse, ...errorResponses(400, 401, 404, 409, 415, 503) },
      },
    },
    async (request) => {
      const row = await rejectDeposit(app, {
        agency: agencyOf(request),
        code: request.params.code,
        actor: opsActorOf(request),
        note: request.body?.reason || null,
      });
      return { deposit: toOpsDepositDto(row, await usernameOf(app.db, row.playerId)) };
    },
  );
};
