import { ZApprovalResponse } from '@lc/shared/contracts/ops-approvals';
import { ZOpsExchangeRatesQuery, ZOpsExchangeRatesResponse } from '@lc/shared/contracts/ops-exchange-rates';
import { ZSetExchangeRateRequest, ZSetExchangeRateResponse } from '@lc/shared/contracts/rates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { opsCallerOf, requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { toApprovalDto } from '../approvals/to-approval-dto';
import { auditScopeOf } from '../ops/record-audit';
import { changeExchangeRate } from './change-exchange-rate';
import { listExchangeRateHistory } from './list-exchange-rate-history';
import { toExchangeRateDto } from './to-exchange-rate-dto';

/**
 * Ops: set a rate of the host's agency; each change is a new row (history) and an audit entry; a move of
 * more than 5 % waits for a second pair of eyes (decision 0046); a rate outside its currency's bounds or
 * the band around the rate in force is refused, 400 RATE_OUT_OF_RANGE (decision 0064).
 */
export const opsRatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/exchange-rates',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary: 'Every rate change of the agency, newest first (the history on the Settings page)',
        security: [{ opsToken: [] }, { opsSession: [] }],
        querystring: ZOpsExchangeRatesQuery,
        response: { 200: ZOpsExchangeRatesResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listExchangeRateHistory(app.db, agencyOf(request).id, request.query),
  );

  app.put(
    '/api/ops/v1/exchange-rates',
    {
      // onRequest, not preHandler: the token is checked before the body is validated, so a caller without
      // it learns nothing (not even which bodies would be accepted).
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'finance' },
      schema: {
        tags: ['ops'],
        summary:
          'Set the buy and sell rate of a currency (LAK per unit); a move of more than 5 % answers 202 ' +
          '{approval} (RATE_CHANGE), set once a second finance/admin member approves it; outside the ' +
          "currency's bounds or 50 %–200 % of the rate in force: 400 RATE_OUT_OF_RANGE",
        security: [{ opsToken: [] }, { opsSession: [] }],
        body: ZSetExchangeRateRequest,
        response: {
          200: ZSetExchangeRateResponse,
          202: ZApprovalResponse,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const agency = agencyOf(request);
      const result = await changeExchangeRate(app.db, {
        ...request.body,
        agencyId: agency.id,
        caller: opsCallerOf(request),
        scope: auditScopeOf(request),
        now: app.now(),
      });
      if ('approval' in result) return reply.code(202).send({ approval: toApprovalDto(result.approval) });
      const row = result.rate;
      const rate = toExchangeRateDto(row);
      request.log.info(
        { event: 'ops.exchange-rate.set', agencyId: agency.id, actor: row.updatedBy, ...rate },
        'exchange rate set',
      );
      return { rate: { ...rate, updatedAt: row.updatedAt.toISOString(), updatedBy: row.updatedBy } };
    },
  );
};
