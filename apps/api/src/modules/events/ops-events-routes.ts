import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, OPS_SECURITY } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { requireAgency } from '../agency/agency-resolver';
import { createStaffEventStreams } from './staff-event-streams';

/** `GET /api/ops/v1/events`: the back office's live queues (backoffice.md; decisions 0036, 0043). */
export const opsEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = createStaffEventStreams(app);
  app.addHook('preClose', async () => {
    streams.endAll();
  });

  app.get(
    '/api/ops/v1/events',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary:
          'Server-sent events of the agency’s queues: data {type, id, status} when a PAID/FAILED deposit, an ' +
          'unmatched bank payment, an OPEN withdrawal or an approval request appears or changes; a comment ' +
          'heartbeat every 25 s',
        security: OPS_SECURITY,
        response: errorResponses(401, 403, 404, 429),
      },
    },
    async (request, reply) => {
      streams.open(request, reply);
      return reply;
    },
  );
};
