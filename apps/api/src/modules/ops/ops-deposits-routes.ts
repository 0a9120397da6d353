import { CSV_MAX_ROWS } from '@lc/shared/contracts/common';
import { ZDepositPaymentsResponse } from '@lc/shared/contracts/ops-bank-payments';
import {
  type TOpsDeposit,
  ZConfirmDepositRequest,
  ZOpsDeposit,
  ZOpsDepositResponse,
  ZOpsDepositsQuery,
  ZOpsDepositsResponse,
  ZRejectDepositRequest,
} from '@lc/shared/contracts/ops-deposits';
import { ZOrderCodeParams } from '@lc/shared/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/route-schemas';
import { sendCsv } from '../../lib/send-csv';
import { toCsv } from '../../lib/to-csv';
import { requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { listDepositPayments } from '../bank-payments/list-bank-payments';
import { findDepositByCode } from '../deposits/deposits-repository';
import { usernameOf } from '../withdrawals/withdrawals-repository';
import { confirmDeposit } from './confirm-deposit';
import { listOpsDeposits } from './list-ops-deposits';
import { auditScopeOf, opsActorOf, recordAccess } from './record-audit';
import { rejectDeposit } from './reject-deposit';
import { toOpsDepositDto } from './to-ops-deposit-dto';

const OPS_DEPOSIT_COLUMNS = Object.keys(ZOpsDeposit.shape) as (keyof TOpsDeposit)[];

/** Ops: the agency's deposits; confirm a payment matched by hand, or reject a deposit. All audited. */
export const opsDepositsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/deposits',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary:
          'Deposits of the agency: filters status, playerId, code, from, to; sort; ?format=csv exports every row the filter shows',
        security: [{ opsToken: [] }, { opsSession: [] }],
        querystring: ZOpsDepositsQuery,
        response: { 200: z.union([ZOpsDepositsResponse, z.string()]), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const agency = agencyOf(request);
      const isCsv = request.query.format === 'csv';
      const query = isCsv ? { ...request.query, page: 1, pageSize: CSV_MAX_ROWS } : request.query;
      const page = await listOpsDeposits(app.db, agency.id, query);
      await recordAccess(app.db, {
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
        action: 'deposits.list',
        target: `agency:${agency.code}`,
        details: { status: request.query.status ?? null, total: page.total },
        at: app.now(),
      });
      if (isCsv) return sendCsv(reply, `deposits-${agency.code}.csv`, toCsv(OPS_DEPOSIT_COLUMNS, page.items));
      return page;
    },
  );

  app.get(
    '/api/ops/v1/deposits/:code/payments',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary:
          "The bank payments of the order's bill (and any settled to it), newest first, each saying whether " +
          'the order may be confirmed with it: what Confirm offers',
        security: [{ opsToken: [] }, { opsSession: [] }],
        params: ZOrderCodeParams,
        response: { 200: ZDepositPaymentsResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const deposit = await findDepositByCode(app.db, request.params.code);
      if (!deposit || deposit.agencyId !== agencyOf(request).id) {
        throw new AppError(404, 'NOT_FOUND', `No deposit ${request.params.code.slice(0, 40)}`);
      }
      return { items: await listDepositPayments(app.db, deposit.id) };
    },
  );

  app.post(
    '/api/ops/v1/deposits/:code/confirm',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'cashier' },
      schema: {
        tags: ['ops'],
        summary:
          'Confirm an OPEN, PAID or FAILED deposit against a stored bank payment (credit from the paid ' +
          'amount) → SUCCESS; 202 while the credit is not applied yet (retried)',
        security: [{ opsToken: [] }, { opsSession: [] }],
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
        scope: auditScopeOf(request),
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
      config: { opsRole: 'cashier' },
      schema: {
        tags: ['ops'],
        summary:
          'Reject an OPEN, PAID or FAILED deposit (→ REJECTED, nothing credited); 409 DEPOSIT_ALREADY_CREDITED when its credit reached the provider (it is completed instead)',
        security: [{ opsToken: [] }, { opsSession: [] }],
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
        scope: auditScopeOf(request),
        note: request.body?.reason || null,
      });
      return { deposit: toOpsDepositDto(row, await usernameOf(app.db, row.playerId)) };
    },
  );
};
