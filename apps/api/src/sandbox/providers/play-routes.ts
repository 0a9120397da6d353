import { parseMoney } from '@lc/shared/money';
import type { TProvider } from '@lc/shared/providers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findSandboxLaunch } from './find-sandbox-launch';
import { listSandboxRounds } from './list-sandbox-rounds';
import { renderExpiredPage, renderGamePage, STAKES } from './render-game-page';
import { SandboxError } from './sandbox-http';
import { spinSandboxGame } from './spin-sandbox-game';
import { toMoney } from './to-sandbox-dto';

const ZTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
const STAKE_SATANG = new Set(STAKES.map((s) => parseMoney(s, 'THB')));

/** The launched demo game of one sandbox provider: the page and its spins, authorised by the launch token. */
export const sandboxPlayRoutes: FastifyPluginAsyncZod<{ provider: TProvider }> = async (
  app,
  { provider },
) => {
  app.get('/play/:token', { schema: { hide: true, params: ZTokenParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // The player app may show the game in a frame of its own origin.
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      reply.header(
        'content-security-policy',
        csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
      );
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    reply.type('text/html; charset=utf-8');
    let launch: Awaited<ReturnType<typeof findSandboxLaunch>>;
    try {
      launch = await findSandboxLaunch(app.db, provider, request.params.token, app.now());
    } catch (error) {
      if (error instanceof SandboxError && error.code === 'LAUNCH_NOT_FOUND') {
        return reply.code(404).send(renderExpiredPage());
      }
      throw error;
    }
    const rounds = await listSandboxRounds(app.db, launch.memberId, 10);
    return reply.send(
      renderGamePage({
        provider,
        gameName: launch.gameName,
        balance: launch.balance,
        spinUrl: `/sandbox/providers/${provider}/play/${request.params.token}/spin`,
        rounds,
      }),
    );
  });

  app.post(
    '/play/:token/spin',
    {
      schema: {
        hide: true,
        params: ZTokenParams,
        body: z.object({
          stake: z
            .string()
            .regex(/^\d{1,6}(\.\d{1,2})?$/)
            .transform((text) => parseMoney(text, 'THB'))
            .refine((satang) => STAKE_SATANG.has(satang), `one of ${STAKES.join(', ')}`),
        }),
      },
    },
    async (request) => {
      const spin = await spinSandboxGame(
        app.db,
        provider,
        request.params.token,
        request.body.stake,
        app.now(),
      );
      const net = spin.win - spin.stake;
      return {
        outcome: spin.outcome,
        reels: spin.reels,
        stake: toMoney(spin.stake),
        win: toMoney(spin.win),
        net: net < 0n ? `-${toMoney(-net)}` : toMoney(net),
        balance: toMoney(spin.balance),
      };
    },
  );
};
