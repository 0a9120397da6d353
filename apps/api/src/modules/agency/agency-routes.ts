import { ZAgencyInfoResponse } from '@lc/shared/contracts/agency';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { agencyOf, requireAgency } from './agency-resolver';
import { toAgencyDto } from './to-agency-dto';

export const agencyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/agency/info',
    {
      preHandler: requireAgency,
      schema: {
        tags: ['agency'],
        summary: 'The agency of the request host',
        response: { 200: ZAgencyInfoResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({ agency: toAgencyDto(agencyOf(request)) }),
  );
};
