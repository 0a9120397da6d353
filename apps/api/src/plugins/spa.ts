import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { FIRST_PAINT_PATHS } from '@lc/shared/first-paint';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { createFirstPaint, type PaintedPage } from './first-paint';

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

/** The staff console's URL prefix (apps/backoffice is built with `base: '/backoffice/'`). */
export const BACKOFFICE_PREFIX = '/backoffice';

function isBackofficePath(url: string): boolean {
  return url === BACKOFFICE_PREFIX || url.startsWith(`${BACKOFFICE_PREFIX}/`);
}

/** Which app's index.html a browser's page request falls back to, or null for an API-style 404. */
function spaOf(request: FastifyRequest): 'web' | 'backoffice' | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const url = decodedPath(request.url);
  if (url === null) return null;
  if (url === '/api' || url.startsWith('/api/') || url === '/sandbox' || url.startsWith('/sandbox/'))
    return null;
  if (!(request.headers.accept ?? '').includes('text/html')) return null;
  return isBackofficePath(url) ? 'backoffice' : 'web';
}

/** Static files of one built app: hashed assets cached for a year, everything else revalidated. */
function staticOptions(root: string, prefix: string, decorateReply: boolean, index: string[] | false) {
  return {
    root,
    prefix,
    decorateReply,
    wildcard: false,
    index,
    // The build writes .br and .gz beside each text file (vite.config.ts): sent when the browser accepts
    // them, with Vary: Accept-Encoding.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      const isAsset = filePath.startsWith(path.join(root, 'assets') + path.sep);
      reply.header('cache-control', isAsset ? IMMUTABLE : 'no-cache');
    },
  };
}

/** A painted page (first-paint.ts) in the best encoding the browser accepts. */
function sendPainted(request: FastifyRequest, reply: FastifyReply, page: PaintedPage) {
  const accepted = request.headers['accept-encoding'] ?? '';
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  if (encoding) reply.header('content-encoding', encoding);
  return reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie')
    .type('text/html; charset=utf-8')
    .send(encoding ? page[encoding] : page.identity);
}

/**
 * Serves the built player app from `webDist` at `/` and the built staff console from `backofficeDist` at
 * `/backoffice/` when they exist, each with an index.html fallback for its client-side routes; any other
 * unknown URL answers 404 NOT_FOUND in the API's error shape. `/` and `/login` carry the server's first paint
 * of the page when `firstPaintModule` is built (first-paint.ts).
 */
export async function registerSpa(
  app: FastifyInstance,
  {
    webDist,
    backofficeDist,
    firstPaintModule,
  }: { webDist: string; backofficeDist: string; firstPaintModule: string },
): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const hasBackoffice = existsSync(path.join(backofficeDist, 'index.html'));
  // The first registration decorates the reply with sendFile; the second must not decorate it again. The
  // player app's `/` is a route of its own (below), not the static index.
  if (hasWeb) await app.register(fastifyStatic, staticOptions(webDist, '/', true, false));
  else app.log.info({ webDist }, 'web app not built: serving the API only');
  if (hasWeb) {
    const firstPaint = createFirstPaint({ webDist, modulePath: firstPaintModule });
    for (const pagePath of FIRST_PAINT_PATHS) {
      app.get(pagePath, async (request, reply) => {
        const page = await firstPaint.pageFor(request, pagePath);
        if (page) return sendPainted(request, reply, page);
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .sendFile('index.html', webDist);
      });
    }
  }
  if (hasBackoffice) {
    await app.register(
      fastifyStatic,
      staticOptions(backofficeDist, `${BACKOFFICE_PREFIX}/`, !hasWeb, ['index.html']),
    );
    // The console's relative URLs resolve against /backoffice/, never /: the bare prefix redirects.
    app.get(BACKOFFICE_PREFIX, (_request, reply) => reply.redirect(`${BACKOFFICE_PREFIX}/`, 301));
  } else {
    app.log.info({ backofficeDist }, 'back office not built: /backoffice is not served');
  }
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const spa = spaOf(request);
    if ((spa === 'web' && hasWeb) || (spa === 'backoffice' && hasBackoffice)) {
      const root = spa === 'web' ? webDist : backofficeDist;
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html', root);
    }
    throw new AppError(404, 'NOT_FOUND', 'Not Found');
  });
}
