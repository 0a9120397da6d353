import { ZOpsAgencyResponse, ZPutAgencyRequest } from '@lc/shared/contracts/ops-agency';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, OPS_SECURITY } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { auditScopeOf, opsActorOf } from '../ops/record-audit';
import { agencyOf, requireAgency } from './agency-resolver';
import { toOpsAgencyDto } from './to-ops-agency-dto';
import { updateAgencySettings } from './update-agency-settings';

/** Ops: the host agency's settings, social links, contacts and limits (Settings page). */
export const opsAgencyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/agency',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary: "The agency's settings, social links, contacts and limits (with the four-eyes threshold)",
        security: OPS_SECURITY,
        response: { 200: ZOpsAgencyResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ agency: toOpsAgencyDto(agencyOf(request)) }),
  );

  app.put(
    '/api/ops/v1/agency',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'admin' },
      schema: {
        tags: ['ops'],
        summary: 'Replace the agency’s settings and limits (audited with before/after)',
        security: OPS_SECURITY,
        body: ZPutAgencyRequest,
        response: { 200: ZOpsAgencyResponse, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => {
      const agency = await updateAgencySettings(app.db, {
        agencyId: agencyOf(request).id,
        settings: request.body,
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
        now: app.now(),
      });
      // The host → agency cache holds the old row: limits must apply to the next deposit, not after expiry.
      app.forgetAgencies();
      return { agency };
    },
  );
};
