import { ZSessionParams, ZSessionsResponse } from '@lc/shared/contracts/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ZNoContent } from '../../lib/route-schemas';
import { playerOf, requirePlayer, sessionOf } from '../../plugins/session';
import { endSession } from './end-session';
import { listSessions } from './list-sessions';

/** The player's signed-in devices: list them, sign one out. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/players/sessions',
    {
      preHandler: requirePlayer,
      schema: { tags: ['security'], response: { 200: ZSessionsResponse, ...errorResponses(401, 404) } },
    },
    async (request) => ({
      sessions: await listSessions(app.db, playerOf(request).id, sessionOf(request).id, app.now()),
    }),
  );

  app.delete(
    '/api/v2/players/sessions/:id',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['security'],
        params: ZSessionParams,
        response: { 204: ZNoContent, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const player = playerOf(request);
      const isCurrent = request.params.id === sessionOf(request).id;
      await endSession(app.db, player.id, request.params.id, app.now());
      request.log.info({ event: 'auth.session.end', playerId: player.id, isCurrent }, 'session ended');
      if (isCurrent) reply.clearSessionCookie();
      return reply.code(204).send(null);
    },
  );
};
