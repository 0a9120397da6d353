import { ZPageQuery } from '@lc/shared/contracts/common';
import { ZCreateTransferRequest, ZTransferPage, ZTransferResponse } from '@lc/shared/contracts/transfers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { playerOf, requirePlayer } from '../../plugins/session';
import { agencyOf } from '../agency/agency-resolver';
import {
  demandIdempotencyKey,
  idempotencyKeyOf,
  requireIdempotencyKey,
  saveIdempotentAnswer,
} from '../idempotency/idempotency-key';
import { refuseRestricted } from '../play-limits/restriction';
import { createTransfer } from './create-transfer';
import { toTransferRecord } from './to-transfer-record';
import { listOwnTransfers } from './transfers-repository';

/** The signed-in player's transfers of credit between providers (decision 0072): a new one and the history. */
export const transfersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v2/credits/transfer',
    {
      // A restricted player is refused before an idempotent answer could be replayed or saved (as deposits).
      preHandler: [requirePlayer, refuseRestricted, demandIdempotencyKey, requireIdempotencyKey],
      onSend: saveIdempotentAnswer,
      schema: {
        tags: ['credits'],
        summary:
          '(requires Idempotency-Key) Move credit from one provider to another: 200 SUCCESS, RETURNED (the ' +
          'destination would not take it; the credit is back at the source) or PENDING (finished in the background)',
        body: ZCreateTransferRequest,
        response: { 200: ZTransferResponse, ...errorResponses(400, 401, 403, 404, 409, 415, 503) },
      },
    },
    async (request) => {
      const player = playerOf(request);
      const transfer = await createTransfer(app, {
        agency: agencyOf(request),
        player,
        request: request.body,
        key: idempotencyKeyOf(request),
        log: request.log,
      });
      request.log.info(
        {
          event: 'transfer.create',
          playerId: player.id,
          reference: transfer.reference,
          status: transfer.status,
        },
        'transfer created',
      );
      return { transfer: toTransferRecord(transfer) };
    },
  );

  app.get(
    '/api/v2/credits/transfers',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['credits'],
        summary: "The player's transfers between providers, newest first",
        querystring: ZPageQuery,
        response: { 200: ZTransferPage, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listOwnTransfers(app.db, playerOf(request).id, request.query),
  );
};
