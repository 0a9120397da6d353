import { ZDoctorResponse } from '@lc/shared/contracts/ops-doctor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { runDoctor } from './readiness-doctor';

/** Readiness for real money (go-live): the OPS token asks; every agency, every missing piece named. */
export const opsDoctorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/doctor',
    {
      onRequest: [requireOps],
      config: { opsRole: 'platform' },
      schema: {
        tags: ['ops'],
        summary:
          'Is the deployment ready: migrations, production settings, and per agency its host, admin, rate, channel, providers',
        security: [{ opsToken: [] }],
        response: { 200: ZDoctorResponse, ...errorResponses(401, 403) },
      },
    },
    async () => runDoctor(app),
  );
};
