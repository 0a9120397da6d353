import { ZSetExchangeRateRequest, ZSetExchangeRateResponse } from '@lc/shared/contracts/rates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { opsActorOf, recordAudit } from '../ops/record-audit';
import { findCurrentRate } from './get-current-rates';
import { setExchangeRate } from './set-exchange-rate';
import { toExchangeRateDto } from './to-exchange-rate-dto';

/** Ops: set a rate of the host's agency; each change is a new row (history) and an audit entry. */
export const opsRatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/ops/v1/exchange-rates',
    {
      // onRequest, not preHandler: the token is checked before the body is validated, so a caller without
      // it learns nothing (not even which bodies would be accepted).
      onRequest: [requireOps, requireAgency],
      schema: {
        tags: ['ops'],
        summary: 'Set the buy and sell rate of a currency (LAK per unit)',
        security: [{ opsToken: [] }],
        body: ZSetExchangeRateRequest,
        response: { 200: ZSetExchangeRateResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const agency = agencyOf(request);
      const actor = opsActorOf(request);
      const now = app.now();
      // The rate and its audit entry commit together: no change without a trail.
      const row = await app.db.transaction(async (tx) => {
        const previous = await findCurrentRate(tx, agency.id, request.body.currency);
        const saved = await setExchangeRate(tx, {
          ...request.body,
          agencyId: agency.id,
          updatedBy: actor,
          now,
        });
        const { currency, buy, sell } = toExchangeRateDto(saved);
        await recordAudit(tx, {
          actor,
          action: 'exchange-rate.set',
          target: `agency:${agency.id}`,
          details: {
            currency,
            buy,
            sell,
            previous: previous ? toExchangeRateDto(previous) : null,
          },
          at: now,
        });
        return saved;
      });
      const rate = toExchangeRateDto(row);
      request.log.info(
        { event: 'ops.exchange-rate.set', agencyId: agency.id, actor, ...rate },
        'exchange rate set',
      );
      return { rate: { ...rate, updatedAt: row.updatedAt.toISOString(), updatedBy: row.updatedBy } };
    },
  );
};
