import {
  ZPlayLimitsRequest,
  ZPlayLimitsResponse,
  ZSelfExclusionRequest,
  ZTimeOutRequest,
} from '@lc/shared/contracts/play-limits';
import { restrictionEnd } from '@lc/shared/restriction-end';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ZNoContent } from '../../lib/route-schemas';
import { playerOf, requirePlayer, sessionOf } from '../../plugins/session';
import { limitsStateAt, toLimitsResponse } from './deposit-limits';
import { endGameSessions } from './end-game-sessions';
import { restrictPlayer } from './restrict-player';
import { setDepositLimits } from './set-deposit-limits';

/** Responsible play (api.md): the player's own deposit limits, time-out and self-exclusion. */
export const playLimitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v2/players/limits',
    {
      preHandler: requirePlayer,
      schema: { tags: ['players'], response: { 200: ZPlayLimitsResponse, ...errorResponses(401, 404) } },
    },
    async (request) => toLimitsResponse(limitsStateAt(playerOf(request), app.now())),
  );

  app.put(
    '/api/v2/players/limits',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['players'],
        summary: 'Set deposit limits: lower ones apply at once, higher ones or removals after 24 h',
        body: ZPlayLimitsRequest,
        response: { 200: ZPlayLimitsResponse, ...errorResponses(400, 401, 404, 415) },
      },
    },
    async (request) => {
      const player = playerOf(request);
      const state = await setDepositLimits(app.db, player.id, request.body, app.now());
      request.log.info({ event: 'play.limits.set', playerId: player.id }, 'deposit limits set');
      return toLimitsResponse(state);
    },
  );

  app.post(
    '/api/v2/players/time-out',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['players'],
        summary: 'Take a time-out (1, 7, 30 or 42 days); other sessions and games end',
        body: ZTimeOutRequest,
        response: { 204: ZNoContent, ...errorResponses(400, 401, 404, 409, 415) },
      },
    },
    async (request, reply) => {
      const player = playerOf(request);
      const now = app.now();
      await restrictPlayer(app.db, {
        playerId: player.id,
        currentSessionId: sessionOf(request).id,
        kind: 'TIME_OUT',
        until: restrictionEnd({ days: request.body.days }, now),
        now,
      });
      // In force now; games launched before it end at the providers too (a provider that is down: the worker).
      await endGameSessions(app, player.id, request.log);
      request.log.info({ event: 'play.time_out', playerId: player.id, days: request.body.days }, 'time-out');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v2/players/self-exclusion',
    {
      preHandler: requirePlayer,
      schema: {
        tags: ['players'],
        summary:
          'Exclude yourself (6, 12 or 60 months); other sessions and games end; cannot be lifted early',
        body: ZSelfExclusionRequest,
        response: { 204: ZNoContent, ...errorResponses(400, 401, 404, 409, 415) },
      },
    },
    async (request, reply) => {
      const player = playerOf(request);
      const now = app.now();
      await restrictPlayer(app.db, {
        playerId: player.id,
        currentSessionId: sessionOf(request).id,
        kind: 'SELF_EXCLUSION',
        until: restrictionEnd({ months: request.body.months }, now),
        now,
      });
      await endGameSessions(app, player.id, request.log);
      request.log.info(
        { event: 'play.self_exclusion', playerId: player.id, months: request.body.months },
        'self-exclusion',
      );
      return reply.code(204).send(null);
    },
  );
};
