import { ZBacklistResponse, ZChangePasswordRequest, ZPlayerInfoResponse } from '@lc/shared/contracts/players';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAppError } from '../../lib/app-error';
import { errorResponses, ZNoContent } from '../../lib/route-schemas';
import {
  bankAccountsOf,
  playerOf,
  requirePlayer,
  requirePlayerWithBankAccounts,
} from '../../plugins/session';
import { changePassword } from './change-password';
import { getPlayerInfo } from './get-player-info';
import { requestMeta } from './request-meta';

/** The signed-in player's own account. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/players/info',
    {
      preHandler: requirePlayerWithBankAccounts,
      schema: { tags: ['players'], response: { 200: ZPlayerInfoResponse, ...errorResponses(401, 404) } },
    },
    async (request) => getPlayerInfo(playerOf(request), bankAccountsOf(request), app.now()),
  );

  app.post(
    '/api/v2/players/security/password/change',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['players'],
        body: ZChangePasswordRequest,
        response: { 204: ZNoContent, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const player = playerOf(request);
      const { token } = await changePassword(app.db, player, request.body, requestMeta(request)).catch(
        (error: unknown) => {
          // Failed tries are logged (never the passwords) so guessing through a stolen session is visible.
          const code = isAppError(error) ? error.code : 'INTERNAL';
          request.log.info(
            { event: 'auth.password.change.fail', code, playerId: player.id, ip: request.ip },
            'password change failed',
          );
          throw error;
        },
      );
      request.log.info({ event: 'auth.password.change', playerId: player.id }, 'password changed');
      reply.setSessionCookie(token);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v2/players/backlist',
    {
      preHandler: requirePlayer,
      schema: { tags: ['players'], response: { 200: ZBacklistResponse, ...errorResponses(401, 404) } },
    },
    async (request) => {
      const player = playerOf(request);
      return { blocked: player.blockedAt !== null, reason: player.blockReason };
    },
  );
};
