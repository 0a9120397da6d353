import {
  ZCreateAgencyRequest,
  ZCreateAgencyResponse,
  ZOpsAgencyParams,
  ZPlatformAgenciesResponse,
  ZPlatformAgencyResponse,
  ZUpdateAgencyRequest,
} from '@lc/shared/contracts/ops-agencies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { auditScopeOf } from '../ops/record-audit';
import { createAgency, listAgencies, updateAgency } from './platform-agencies';

const PLATFORM = [{ opsToken: [] }];

/**
 * The platform's agencies (go-live): created, listed, renamed, re-hosted and switched off with the OPS token
 * only (`opsRole: 'platform'`). Host-agnostic: they answer on any host, a new agency's included.
 */
export const opsAgenciesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/ops/v1/agencies',
    {
      onRequest: [requireOps],
      config: { opsRole: 'platform' },
      schema: {
        tags: ['ops'],
        summary: 'Create an agency with its hosts and first admin (one-time password; TOTP at first sign-in)',
        security: PLATFORM,
        body: ZCreateAgencyRequest,
        response: { 201: ZCreateAgencyResponse, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) => {
      const created = await createAgency(app.db, {
        body: request.body,
        scope: auditScopeOf(request),
        now: app.now(),
      });
      app.forgetAgencies();
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/ops/v1/agencies',
    {
      onRequest: [requireOps],
      config: { opsRole: 'platform' },
      schema: {
        tags: ['ops'],
        summary: "The platform's agencies with their hosts",
        security: PLATFORM,
        response: { 200: ZPlatformAgenciesResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ items: await listAgencies(app.db) }),
  );

  app.patch(
    '/api/ops/v1/agencies/:id',
    {
      onRequest: [requireOps],
      config: { opsRole: 'platform' },
      schema: {
        tags: ['ops'],
        summary:
          'Rename an agency, replace its hosts, or switch it off (its hosts answer 404 AGENCY_NOT_FOUND, its sessions end) and on',
        security: PLATFORM,
        params: ZOpsAgencyParams,
        body: ZUpdateAgencyRequest,
        response: { 200: ZPlatformAgencyResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const agency = await updateAgency(app.db, request.params.id, {
        body: request.body,
        scope: auditScopeOf(request),
        now: app.now(),
      });
      app.forgetAgencies();
      return { agency };
    },
  );
};
