import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

// Vite puts content-hashed files under /assets: safe to cache for a year. Everything else revalidates.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The path as the router reads it (`/%61pi/x` is `/api/x`), or null when it does not decode. */
function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return null;
  }
}

function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = decodedPath(request.url);
  if (url === null) return false;
  if (url === '/api' || url.startsWith('/api/') || url === '/sandbox' || url.startsWith('/sandbox/'))
    return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app from `webDist` when it exists, with an index.html fallback for client-side
 * routes; any other unknown URL answers 404 NOT_FOUND in the API's error shape.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const hasSpa = existsSync(path.join(webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz beside each text file (vite.config.ts): sent when the browser accepts
      // them, with Vary: Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const isAsset = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        res.header('cache-control', isAsset ? IMMUTABLE : 'no-cache');
      },
    });
  } else {
    app.log.info({ webDist }, 'web app not built: serving the API only');
  }
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (hasSpa && wantsSpa(request)) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    throw new AppError(404, 'NOT_FOUND', 'Not Found');
  });
}
