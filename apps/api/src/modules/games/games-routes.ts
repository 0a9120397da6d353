import { ZProviderParams } from '@lc/shared/contracts/credits';
import {
  ZGamesQuery,
  ZGamesResponse,
  ZLaunchGameRequest,
  ZLaunchGameResponse,
} from '@lc/shared/contracts/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { playerOf, requirePlayer } from '../../plugins/session';
import { agencyOf } from '../agency/agency-resolver';
import { callProvider } from '../credits/call-provider';
import { gameProviderOf } from '../credits/game-provider-of';
import { refuseRestricted } from '../play-limits/restriction';
import { launchGame } from './launch-game';

/** A provider's game catalogue by tab, and launching a game. */
export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/games/:provider',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['games'],
        summary: "A provider's tabs and the games of one tab",
        params: ZProviderParams,
        querystring: ZGamesQuery,
        response: { 200: ZGamesResponse, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request) => {
      const provider = gameProviderOf(app, agencyOf(request).id, request.params.provider);
      return callProvider(request.log, provider.provider, () => provider.listGames(request.query.tab));
    },
  );

  app.post(
    '/api/v2/games/:provider/launch',
    {
      preHandler: [requirePlayer, refuseRestricted],
      schema: {
        tags: ['games'],
        summary: 'A URL that opens a game (players who have deposited only)',
        params: ZProviderParams,
        // Optional: a bodyless POST opens the lobby.
        body: ZLaunchGameRequest.nullish(),
        response: { 200: ZLaunchGameResponse, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const provider = gameProviderOf(app, agencyOf(request).id, request.params.provider);
      const agency = agencyOf(request);
      const owner = { agencyId: agency.id, agencyCode: agency.code, playerId: playerOf(request).id };
      const url = await launchGame(app, provider, owner, request.body?.gameCode, request.log);
      return { url };
    },
  );
};
