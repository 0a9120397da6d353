import {
  ZLoginRequest,
  ZPlayerResponse,
  ZRegisterRequest,
  ZUsernameValidateRequest,
  ZUsernameValidateResponse,
} from '@lc/shared/contracts/players';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAppError } from '../../lib/app-error';
import { errorResponses, ZNoContent } from '../../lib/route-schemas';
import { hostOf } from '../../plugins/security';
import { sessionTokenOf } from '../../plugins/session';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { deleteSessionByToken } from '../sessions/delete-sessions';
import { loginPlayer } from './login-player';
import { isUsernameTaken } from './players-repository';
import { registerPlayer } from './register-player';
import { requestMeta } from './request-meta';
import { toPlayerDto } from './to-player-dto';

// Register and login (new-device notice). Other headers must pass through untouched (cookies, host), hence a
// loose object.
const ZFingerprintHeaders = z.looseObject({ 'x-fingerprint': z.string().min(1).max(128).optional() });

/** Sign-up, sign-in and sign-out (public, agency of the host). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v2/players/register',
    {
      preHandler: requireAgency,
      schema: {
        tags: ['players'],
        headers: ZFingerprintHeaders,
        body: ZRegisterRequest,
        response: { 201: ZPlayerResponse, ...errorResponses(400, 404, 409, 415) },
      },
    },
    async (request, reply) => {
      const agency = agencyOf(request);
      const { player, token } = await registerPlayer(app.db, {
        agencyId: agency.id,
        body: request.body,
        fingerprintHash: request.headers['x-fingerprint'],
        meta: requestMeta(request),
      });
      request.log.info(
        { event: 'auth.register', playerId: player.id, agencyId: agency.id },
        'player registered',
      );
      reply.setSessionCookie(token);
      return reply.code(201).send({ player: toPlayerDto(player) });
    },
  );

  app.post(
    '/api/v2/players/username/validate',
    {
      preHandler: requireAgency,
      schema: {
        tags: ['players'],
        body: ZUsernameValidateRequest,
        response: { 200: ZUsernameValidateResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { username } = request.body;
      return { username, available: !(await isUsernameTaken(app.db, agencyOf(request).id, username)) };
    },
  );

  app.post(
    '/api/v2/players/login',
    {
      preHandler: requireAgency,
      schema: {
        tags: ['players'],
        headers: ZFingerprintHeaders,
        body: ZLoginRequest,
        response: { 200: ZPlayerResponse, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const agencyId = agencyOf(request).id;
      try {
        const { player, token } = await loginPlayer(app.db, {
          agencyId,
          body: request.body,
          previousToken: sessionTokenOf(request),
          fingerprintHash: request.headers['x-fingerprint'],
          meta: requestMeta(request),
        });
        request.log.info({ event: 'auth.login.ok', playerId: player.id, agencyId }, 'login ok');
        reply.setSessionCookie(token);
        return { player: toPlayerDto(player) };
      } catch (error) {
        // The username is logged (not the password) so brute force on one account is visible.
        const username = request.body.username.toLowerCase().slice(0, 64);
        const code = isAppError(error) ? error.code : 'INTERNAL';
        request.log.info(
          { event: 'auth.login.fail', code, username, agencyId, ip: request.ip },
          'login failed',
        );
        throw error;
      }
    },
  );

  app.post(
    '/api/v2/players/logout',
    { schema: { tags: ['players'], response: { 204: ZNoContent, ...errorResponses(403, 415) } } },
    async (request, reply) => {
      const token = sessionTokenOf(request);
      // Only a session of this host's agency: another agency's cookie is neither accepted nor ended here.
      const agency = token ? await app.resolveAgency(hostOf(request)) : null;
      if (token && agency) await deleteSessionByToken(app.db, token, agency.id);
      request.log.info({ event: 'auth.logout', hadSession: token !== undefined }, 'logout');
      reply.clearSessionCookie();
      return reply.code(204).send(null);
    },
  );
};
