import { ZCreditResponse, ZProviderParams } from '@lc/shared/contracts/credits';
import { formatMinor } from '@lc/shared/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { playerOf, requirePlayer } from '../../plugins/session';
import { agencyOf } from '../agency/agency-resolver';
import { gameProviderOf } from './game-provider-of';
import { getPlayerCredit } from './get-player-credit';

/** The player's credit at each provider, asked live (the web app never caches it). */
export const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/players/credits/:provider',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['credits'],
        summary: "The player's live credit at a provider",
        params: ZProviderParams,
        response: { 200: ZCreditResponse, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request) => {
      const provider = gameProviderOf(app, agencyOf(request).id, request.params.provider);
      const player = playerOf(request);
      const agency = agencyOf(request);
      const owner = { agencyId: agency.id, agencyCode: agency.code, playerId: player.id };
      const amount = await getPlayerCredit(app.db, provider, owner, request.log);
      return { credit: { amount: formatMinor(amount, 'THB'), currency: 'THB' as const } };
    },
  );
};
