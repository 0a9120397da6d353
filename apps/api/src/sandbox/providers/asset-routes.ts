import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROOT } from '../../paths';
import { renderGameImage } from './render-game-image';

const ASSET_CACHE = 'public, max-age=3600';
// Read from the sources (paths.ts): the compiled server is one bundle elsewhere and has no copy of them.
const ASSETS = path.join(API_ROOT, 'src/sandbox/providers/assets');
const SCRIPT = readFileSync(path.join(ASSETS, 'game.js'), 'utf8');
const STYLE = readFileSync(path.join(ASSETS, 'game.css'), 'utf8');

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
