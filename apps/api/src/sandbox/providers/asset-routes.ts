import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderGameImage } from './render-game-image';

const ASSET_CACHE = 'public, max-age=3600';
const SCRIPT = readFileSync(new URL('./assets/game.js', import.meta.url), 'utf8');
const STYLE = readFileSync(new URL('./assets/game.css', import.meta.url), 'utf8');

/** Files of the demo game page and the generated game pictures, under /sandbox/providers/assets. */
export const sandboxAssetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/game.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', ASSET_CACHE).send(SCRIPT),
  );

  app.get('/game.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', ASSET_CACHE).send(STYLE),
  );

  app.get(
    '/game/:file',
    {
      schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}\.svg$/) }) },
    },
    async (request, reply) =>
      reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', ASSET_CACHE)
        .send(renderGameImage(request.params.file.slice(0, -'.svg'.length))),
  );
};
