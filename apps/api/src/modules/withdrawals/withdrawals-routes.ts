import { ZPageQuery } from '@lc/shared/contracts/common';
import {
  ZCreateWithdrawalRequest,
  ZOpenWithdrawalsResponse,
  ZWithdrawalResponse,
  ZWithdrawPage,
} from '@lc/shared/contracts/withdrawals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { playerOf, requirePlayer } from '../../plugins/session';
import { agencyOf } from '../agency/agency-resolver';
import { requireIdempotencyKey, saveIdempotentAnswer } from '../idempotency/idempotency-key';
import { createWithdrawal } from './create-withdrawal';
import { toWithdrawRecord } from './to-withdraw-record';
import { listOpenWithdrawals, listOwnWithdrawals } from './withdrawals-repository';

/** The signed-in player's withdrawals: history, the open one, and a new one (credit out of a provider). */
export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/withdrawals',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['withdrawals'],
        summary: "The player's withdrawals, newest first",
        querystring: ZPageQuery,
        response: { 200: ZWithdrawPage, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listOwnWithdrawals(app.db, playerOf(request).id, request.query),
  );

  app.get(
    '/api/v2/withdrawals/open',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['withdrawals'],
        summary: "The player's open withdrawal (waiting for payout), if any",
        response: { 200: ZOpenWithdrawalsResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const rows = await listOpenWithdrawals(app.db, playerOf(request).id);
      return { orders: rows.map(toWithdrawRecord) };
    },
  );

  app.post(
    '/api/v2/withdrawals',
    {
      preHandler: [requirePlayer, requireIdempotencyKey],
      onSend: saveIdempotentAnswer,
      schema: {
        tags: ['withdrawals'],
        summary:
          '(accepts Idempotency-Key) Withdraw credit from a provider to the bank account: 201 once the credit is taken; 202 while ' +
          "the provider's answer is still unknown (the order shows OPEN and is resolved in the background)",
        body: ZCreateWithdrawalRequest,
        response: {
          201: ZWithdrawalResponse,
          202: ZWithdrawalResponse,
          ...errorResponses(400, 401, 403, 404, 409, 415, 503),
        },
      },
    },
    async (request, reply) => {
      const player = playerOf(request);
      const order = await createWithdrawal(app, {
        agency: agencyOf(request),
        player,
        request: request.body,
        log: request.log,
      });
      app.metrics.withdrawalCreated(order.provider, order.status);
      request.log.info(
        { event: 'withdrawal.create', playerId: player.id, code: order.code, status: order.status },
        'withdrawal created',
      );
      return reply.code(order.status === 'PENDING' ? 202 : 201).send({ order: toWithdrawRecord(order) });
    },
  );
};
