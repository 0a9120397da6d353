import { ZNoticesResponse } from '@lc/shared/contracts/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { playerOf, requirePlayer } from '../../plugins/session';
import { listNotices } from './list-notices';

/** Account-safety notices of the signed-in player. */
export const noticesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/players/notices',
    {
      preHandler: requirePlayer,
      schema: { tags: ['security'], response: { 200: ZNoticesResponse, ...errorResponses(401, 404) } },
    },
    async (request) => ({ notices: await listNotices(app.db, playerOf(request).id) }),
  );
};
