import { randomUUID } from 'node:crypto';
import {
  ZIdempotencyHeaders,
  ZOpsCreditRequest,
  ZOpsCreditResponse,
  ZOpsPlayerParams,
  ZOpsPlayersQuery,
  ZOpsPlayersResponse,
} from '@lc/shared/contracts/ops-players';
import { parseMoney } from '@lc/shared/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { gameProviderOf } from '../credits/game-provider-of';
import { creditPlayer } from './credit-player';
import { listPlayers } from './list-players';
import { opsActorOf, recordAudit } from './record-audit';
import { toOpsCreditDto } from './to-ops-credit-dto';

/** Ops: find players of the host's agency and credit them by hand (goodwill, tests). Every call is audited. */
export const opsPlayersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/players',
    {
      // onRequest: the token is checked before the query is validated, so a caller without it learns nothing.
      onRequest: [requireOps, requireAgency],
      schema: {
        tags: ['ops'],
        summary: 'Players by username, display name, id or device fingerprint',
        security: [{ opsToken: [] }],
        querystring: ZOpsPlayersQuery,
        response: { 200: ZOpsPlayersResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const agency = agencyOf(request);
      const page = await listPlayers(app.db, agency.id, request.query);
      await recordAudit(app.db, {
        actor: opsActorOf(request),
        action: 'players.list',
        target: `agency:${agency.code}`,
        details: {
          query: request.query.query ?? null,
          fingerprint: request.query.fingerprint ?? null,
          total: page.total,
        },
        at: app.now(),
      });
      return page;
    },
  );

  app.post(
    '/api/ops/v1/players/:id/credit',
    {
      onRequest: [requireOps, requireAgency],
      schema: {
        tags: ['ops'],
        summary:
          'Credit a player at a provider (booked as an adjustment, reason required); 202 while the provider answer is pending',
        security: [{ opsToken: [] }],
        params: ZOpsPlayerParams,
        headers: ZIdempotencyHeaders,
        body: ZOpsCreditRequest,
        response: {
          201: ZOpsCreditResponse,
          202: ZOpsCreditResponse,
          ...errorResponses(400, 401, 404, 409, 503),
        },
      },
    },
    async (request, reply) => {
      const provider = gameProviderOf(app, request.body.provider);
      const credit = await creditPlayer(app.db, {
        agency: agencyOf(request),
        playerId: request.params.id,
        provider,
        amount: parseMoney(request.body.amount, 'THB'),
        reason: request.body.reason,
        key: request.headers['idempotency-key'] ?? randomUUID(),
        actor: opsActorOf(request),
        now: app.now(),
        log: request.log,
      });
      return reply.code(credit.status === 'APPLIED' ? 201 : 202).send({ credit: toOpsCreditDto(credit) });
    },
  );
};
