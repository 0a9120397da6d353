import { ZPageQuery } from '@lc/shared/contracts/common';
import {
  ZCreateDepositRequest,
  ZDepositPage,
  ZDepositResponse,
  ZLaoQrResponse,
  ZOpenDepositsResponse,
} from '@lc/shared/contracts/deposits';
import { ZOrderCodeParams } from '@lc/shared/contracts/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { playerOf, requirePlayer } from '../../plugins/session';
import { agencyOf } from '../agency/agency-resolver';
import { requireIdempotencyKey, saveIdempotentAnswer } from '../idempotency/idempotency-key';
import { refuseRestricted } from '../play-limits/restriction';
import { cancelDeposit } from './cancel-deposit';
import { checkDeposit, requireOwnDeposit } from './check-deposit';
import { createDeposit } from './create-deposit';
import { depositPaymentsOf, depositPaymentsOfOne } from './deposit-payments';
import { listDeposits, listOpenDeposits } from './deposits-repository';
import { toDepositRecord, toLaoQrResponse } from './to-deposit-record';

/** The player's LaoQR deposits (api.md, Player rows). */
export const depositsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/deposits',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['deposits'],
        summary: "The player's deposits, newest first",
        querystring: ZPageQuery,
        response: { 200: ZDepositPage, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { rows, total } = await listDeposits(app.db, playerOf(request).id, request.query);
      const payments = await depositPaymentsOf(app.db, rows);
      return {
        items: rows.map((row) => toDepositRecord(row, payments.get(row.id))),
        page: request.query.page,
        pageSize: request.query.pageSize,
        total,
      };
    },
  );

  app.get(
    '/api/v2/deposits/open',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['deposits'],
        summary: "The player's open deposit (at most one)",
        response: { 200: ZOpenDepositsResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const rows = await listOpenDeposits(app.db, playerOf(request).id);
      const payments = await depositPaymentsOf(app.db, rows);
      return { orders: rows.map((row) => toDepositRecord(row, payments.get(row.id))) };
    },
  );

  app.post(
    '/api/v2/deposits',
    {
      // A restricted player is refused before an idempotent answer could be replayed or saved.
      preHandler: [requirePlayer, refuseRestricted, requireIdempotencyKey],
      onSend: saveIdempotentAnswer,
      schema: {
        tags: ['deposits'],
        summary: 'Open a LaoQR deposit (accepts Idempotency-Key)',
        body: ZCreateDepositRequest,
        response: { 201: ZDepositResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const row = await createDeposit(app, agencyOf(request), playerOf(request), request.body);
      app.metrics.depositCreated(row.provider);
      return reply.code(201).send({ order: toDepositRecord(row) });
    },
  );

  app.get(
    '/api/v2/deposits/:code/laoqr',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['deposits'],
        summary: "A deposit's LaoQR payload",
        params: ZOrderCodeParams,
        response: { 200: ZLaoQrResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      toLaoQrResponse(await requireOwnDeposit(app, playerOf(request).id, request.params.code)),
  );

  app.post(
    '/api/v2/deposits/:code/check',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['deposits'],
        summary: 'Check whether the bank has the payment; credits it when it has',
        params: ZOrderCodeParams,
        response: { 200: ZDepositResponse, ...errorResponses(401, 404, 409, 503) },
      },
    },
    async (request) => {
      const row = await checkDeposit(app, playerOf(request).id, request.params.code);
      return { order: toDepositRecord(row, await depositPaymentsOfOne(app.db, row)) };
    },
  );

  app.post(
    '/api/v2/deposits/:code/cancel',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['deposits'],
        summary: 'Cancel an unpaid deposit',
        params: ZOrderCodeParams,
        response: { 200: ZDepositResponse, ...errorResponses(401, 404, 409, 503) },
      },
    },
    async (request) => {
      const row = await cancelDeposit(app, playerOf(request).id, request.params.code);
      return { order: toDepositRecord(row, await depositPaymentsOfOne(app.db, row)) };
    },
  );
};
