import {
  ZTotpDisableRequest,
  ZTotpEnableRequest,
  ZTotpEnableResponse,
  ZTotpSetupResponse,
  ZTotpStatusResponse,
} from '@lc/shared/contracts/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ZNoContent } from '../../lib/route-schemas';
import { playerOf, requirePlayer } from '../../plugins/session';
import { agencyOf } from '../agency/agency-resolver';
import { disableTotp } from './disable-totp';
import { enableTotp } from './enable-totp';
import { getTotpStatus } from './get-totp-status';
import { setUpTotp } from './set-up-totp';

/** The player's optional second factor: status, set up, enable (recovery codes), disable. */
export const totpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/players/security/totp',
    {
      preHandler: requirePlayer,
      schema: { tags: ['security'], response: { 200: ZTotpStatusResponse, ...errorResponses(401, 404) } },
    },
    async (request) => getTotpStatus(app.db, playerOf(request).id),
  );

  app.post(
    '/api/v2/players/security/totp/setup',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['security'],
        response: { 200: ZTotpSetupResponse, ...errorResponses(401, 404, 409, 415) },
      },
    },
    async (request) => {
      const player = playerOf(request);
      const result = await setUpTotp(app.db, player, agencyOf(request).name, app.now());
      // The secret itself is never logged.
      request.log.info({ event: 'auth.totp.setup', playerId: player.id }, 'totp set up');
      return result;
    },
  );

  app.post(
    '/api/v2/players/security/totp/enable',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['security'],
        body: ZTotpEnableRequest,
        response: { 200: ZTotpEnableResponse, ...errorResponses(400, 401, 404, 409, 415) },
      },
    },
    async (request) => {
      const player = playerOf(request);
      const result = await enableTotp(app.db, player, {
        code: request.body.code,
        now: app.now(),
        userAgent: request.headers['user-agent'],
      });
      request.log.info({ event: 'auth.totp.enable', playerId: player.id }, 'totp enabled');
      return result;
    },
  );

  app.post(
    '/api/v2/players/security/totp/disable',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['security'],
        body: ZTotpDisableRequest,
        response: { 204: ZNoContent, ...errorResponses(400, 401, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      const player = playerOf(request);
      await disableTotp(app.db, player, {
        body: request.body,
        now: app.now(),
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      request.log.info({ event: 'auth.totp.disable', playerId: player.id }, 'totp disabled');
      return reply.code(204).send(null);
    },
  );
};
