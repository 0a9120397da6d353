import { BANK_NAMES, ZBanksResponse } from '@lc/shared/contracts/bank-accounts';
import { BANKS } from '@lc/shared/providers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireAgency } from '../agency/agency-resolver';

const BANK_LIST = BANKS.map((code) => ({ code, name: BANK_NAMES[code] }));

/** Public: the banks a player may hold an account with. */
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
    async () => ({ banks: BANK_LIST }),
  );
};
