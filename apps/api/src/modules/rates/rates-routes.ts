import { ZExchangeRatesResponse } from '@lc/shared/contracts/rates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { getCurrentRates } from './get-current-rates';
import { toExchangeRateDto } from './to-exchange-rate-dto';

/** Public: the exchange rates of the host's agency (LAK per unit). */
export const ratesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/exchange-rates',
    {
      preHandler: requireAgency,
      schema: {
        tags: ['rates'],
        summary: 'Current exchange rates, LAK per unit',
        response: { 200: ZExchangeRatesResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const rows = await getCurrentRates(app.db, agencyOf(request).id);
      return { rates: rows.map(toExchangeRateDto) };
    },
  );
};
