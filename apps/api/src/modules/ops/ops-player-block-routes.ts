import { ZBlockPlayerRequest, ZOpsPlayerParams, ZOpsPlayerResponse } from '@lc/shared/contracts/ops-players';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { auditScopeOf, opsActorOf } from './record-audit';
import { setPlayerBlocked } from './set-player-blocked';
import { toOpsPlayerDto } from './to-ops-player-dto';

/** Ops: bar a player from promotions, or lift it. Audited; the player's sessions are left alone. */
export const opsPlayerBlockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/ops/v1/players/:id/block',
    {
      // onRequest: the token is checked before anything is validated, so a caller without it learns nothing.
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'cashier' },
      schema: {
        tags: ['ops'],
        summary: 'Block a player from receiving promotions (players/backlist shows it, with the reason)',
        security: [{ opsToken: [] }, { opsSession: [] }],
        params: ZOpsPlayerParams,
        body: ZBlockPlayerRequest,
        response: { 200: ZOpsPlayerResponse, ...errorResponses(400, 401, 404, 415) },
      },
    },
    async (request) => {
      const player = await setPlayerBlocked(app.db, {
        agency: agencyOf(request),
        playerId: request.params.id,
        isBlocked: true,
        reason: request.body?.reason || null,
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
        now: app.now(),
      });
      return { player: toOpsPlayerDto(player) };
    },
  );

  app.post(
    '/api/ops/v1/players/:id/unblock',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'cashier' },
      schema: {
        tags: ['ops'],
        summary: 'Let a blocked player receive promotions again',
        security: [{ opsToken: [] }, { opsSession: [] }],
        params: ZOpsPlayerParams,
        response: { 200: ZOpsPlayerResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const player = await setPlayerBlocked(app.db, {
        agency: agencyOf(request),
        playerId: request.params.id,
        isBlocked: false,
        reason: null,
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
        now: app.now(),
      });
      return { player: toOpsPlayerDto(player) };
    },
  );
};
