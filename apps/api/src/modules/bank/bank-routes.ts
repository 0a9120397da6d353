import { BANK_NAMES, ZBanksResponse } from '@lc/shared/contracts/bank-accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { agencyOf, requireAgency } from '../agency/agency-resolver';

/** Public: the banks a player of the host's agency may hold an account with (its accepted banks). */
export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/banks',
    {
      preHandler: requireAgency,
      schema: {
        tags: ['bank'],
        summary: 'Accepted banks',
        response: { 200: ZBanksResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({
      banks: agencyOf(request).acceptedBanks.map((code) => ({ code, name: BANK_NAMES[code] })),
    }),
  );
};
