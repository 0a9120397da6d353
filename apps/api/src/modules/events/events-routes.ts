import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requirePlayer } from '../../plugins/session';
import { createPlayerEventStreams } from './player-event-streams';

/** `GET /api/v2/players/events`: the player's live order status (api.md; decision 0036). */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = createPlayerEventStreams(app);
  // Open streams never end by themselves: end them before the server waits for its connections to close.
  app.addHook('preClose', async () => {
    streams.endAll();
  });

  app.get(
    '/api/v2/players/events',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['players'],
        summary:
          'Server-sent events: `event: order` with {kind, code, status} when one of the player’s orders changes; a comment heartbeat every 25 s',
        response: errorResponses(401, 404, 429),
      },
    },
    async (request, reply) => {
      streams.open(request, reply);
      return reply;
    },
  );
};
