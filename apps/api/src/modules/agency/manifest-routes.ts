import { ZManifest } from '@lc/shared/contracts/manifest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { agencyOf, requireAgency } from './agency-resolver';
import { buildManifest } from './build-manifest';

export const manifestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/manifest.webmanifest',
    {
      preHandler: requireAgency,
      schema: {
        tags: ['agency'],
        summary: 'The web app manifest of the agency of the request host',
        response: { 200: ZManifest, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      // Public and the same for every visitor of a host, but revalidated: ops may rename the agency.
      reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8');
      return buildManifest(agencyOf(request));
    },
  );
};
