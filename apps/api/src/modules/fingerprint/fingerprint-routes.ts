import { ZFingerprintRequest } from '@lc/shared/contracts/fingerprint';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ZNoContent } from '../../lib/route-schemas';
import { playerOf, requirePlayer } from '../../plugins/session';
import { recordDevice } from './record-device';

export const fingerprintRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v2/fingerprint',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['fingerprint'],
        body: ZFingerprintRequest,
        response: { 204: ZNoContent, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { fingerprint } = request.body;
      await recordDevice(app.db, {
        playerId: playerOf(request).id,
        hash: fingerprint.fingerprint,
        userAgent: request.headers['user-agent'] ?? fingerprint.userAgent,
        payload: fingerprint,
        now: app.now(),
      });
      return reply.code(204).send(null);
    },
  );
};
