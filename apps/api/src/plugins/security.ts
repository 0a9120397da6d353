import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { normalizeHost } from '../config';
import { AppError } from '../lib/app-error';
import { findMalformedText } from '../lib/find-malformed-text';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Strict CSP and the usual security headers on every answer (SPA and API), but for routes declared with
 * `helmet: false` (machine-to-machine JSON). The headers are exactly those of @fastify/helmet with these
 * options, worked out once at start-up: registered on the app, the plugin builds helmet's middleware anew for
 * every request (profiled on `npm run bench:money`), though with fixed options and no nonces its headers
 * never change.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { isHttps: boolean },
): Promise<void> {
  const headers = await helmetHeaders({
    // HSTS only where the site is served over HTTPS (production); on http://localhost it would only confuse.
    strictTransportSecurity: options.isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes CSS variables and component styles into <style> tags at runtime, so inline
        // styles must be allowed; scripts stay strictly same-origin with no inline code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the agency's manifest are same-origin; named so that tightening
        // default-src later cannot silently break installing or updating the app.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // The SPA loads only same-origin resources; COEP would only get in the way of later game iframes.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRoute', (route) => {
    if (route.helmet === undefined) return;
    if (route.helmet !== false) throw new Error(`${route.url}: only helmet: false is supported per route`);
    route.config = { ...route.config, hasSecurityHeaders: false };
  });
  app.decorate('securityHeaders', headers);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.hasSecurityHeaders !== false) setSecurityHeaders(reply);
    done();
  });
}

/** The headers of registerSecurityHeaders, for answers sent before any hook ran (router errors). */
export function setSecurityHeaders(reply: FastifyReply): void {
  for (const [name, value] of reply.server.securityHeaders) reply.raw.setHeader(name, value);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** helmet's headers as worked out at start-up (registerSecurityHeaders). */
    securityHeaders: [string, string][];
  }
  interface FastifyContextConfig {
    /** False on routes declared with `helmet: false` (registerSecurityHeaders). */
    hasSecurityHeaders?: boolean;
    /** Media types a write route takes besides JSON (registerCsrfGuard), e.g. the logo upload's images. */
    mediaTypes?: readonly string[];
  }
}

/** The headers @fastify/helmet sets with `options`, read from one request to a throwaway instance. */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify();
  let headers: [string, string][] = [];
  await probe.register(helmet, options);
  // Runs after helmet's own onRequest hooks: the answer holds exactly what helmet set.
  probe.addHook('onRequest', (_request, reply, done) => {
    headers = Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]);
    done();
  });
  probe.get('/', (_request, reply) => reply.send());
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (!headers.some(([name]) => name === 'content-security-policy')) throw new Error('helmet set no CSP');
  return headers;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * The route the router matched (its pattern, e.g. `/api/v2/deposits/:code/cancel`), never the raw URL: the
 * router decodes `/%61pi/…` to `/api/…`, so a test on the raw URL let such a request skip the guard.
 */
/** The route pattern a request matched (empty when none). */
export const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? '';

function isOpsBearer(request: FastifyRequest): boolean {
  return (
    routeOf(request).startsWith('/api/ops/') && /^Bearer\s+\S+/i.test(request.headers.authorization ?? '')
  );
}

// The bank's webhook is authenticated by its HMAC signature, not by a cookie, so a forged cross-site
// request gains nothing: only this one exact route skips the Origin check (the JSON rule still applies).
const SIGNED_WEBHOOK_ROUTES = new Set(['/api/v2/bank/webhook']);

function isSignedWebhook(request: FastifyRequest): boolean {
  return request.method === 'POST' && SIGNED_WEBHOOK_ROUTES.has(routeOf(request));
}

/** True when the Origin header names another host than the one the request was sent to. */
function isCrossOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host.toLowerCase() !== (request.headers.host ?? '').toLowerCase();
  } catch {
    return true; // "null" or garbage: an opaque origin is never our own page
  }
}

/**
 * The CSRF rule (docs/decisions/0024-request-hardening.md) for writes to /api routes: refuse cross-site requests (403 CSRF) and anything but JSON
 * (415). SameSite=Lax cookies already stop most of it; this closes the gaps (same-site subdomains, old
 * browsers, form posts with text/plain). Unknown URLs do nothing, so they are left to the 404.
 */
export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!WRITE_METHODS.has(request.method) || !routeOf(request).startsWith('/api/')) return;
    if (!isOpsBearer(request) && !isSignedWebhook(request)) {
      if (request.headers['sec-fetch-site'] === 'cross-site' || isCrossOrigin(request)) {
        throw new AppError(403, 'CSRF', 'Cross-site request refused');
      }
    }
    const contentType = request.headers['content-type'];
    // A write without a body (logout, check, cancel) needs no content type at all.
    if (contentType === undefined && !hasBody(request)) return;
    const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    // A route that takes another body (the logo upload: image/png, image/svg+xml) declares it; none of them
    // is one a cross-site form or a fetch without preflight may send. JSON passes to every route, whose own
    // parsers then refuse it where it is not taken, after the route's role check.
    const declared = request.routeOptions.config.mediaTypes;
    if (mediaType !== 'application/json' && !declared?.includes(mediaType)) {
      const accepted = (declared ?? ['application/json']).join(' or ');
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type must be ${accepted}`);
    }
  });
}

/**
 * `Cache-Control: no-store` on every answer whose route sets no policy of its own: API answers carry a
 * player's or an operator's data (and errors), which no shared or browser cache may keep. Set on the raw
 * response first, so a route's own `reply.header('cache-control', …)` or the static files' policy wins.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.setHeader('cache-control', 'no-store');
    done();
  });
}

/**
 * 400 VALIDATION_ERROR for U+0000 or a lone surrogate anywhere in the params, query or body, whatever the
 * route's schema says: PostgreSQL refuses U+0000 in text (a 500, with the failed query in the log) and a lone
 * surrogate is silently stored as U+FFFD. One check for every route, so no schema can forget it.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const paths = [request.params, request.query, request.body].flatMap((part) => findMalformedText(part));
    if (paths.length === 0) return;
    const fields = Object.fromEntries(paths.map((path) => [path, 'INVALID' as const]));
    throw new AppError(400, 'VALIDATION_ERROR', 'Text may not contain U+0000 or lone surrogates', fields);
  });
}

/** JSON bodies: an empty body is "no body" (so `POST` with only a content type works) instead of a 400. */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, 'VALIDATION_ERROR', 'Malformed JSON body'), undefined);
    }
  });
}

export const hostOf = (request: FastifyRequest): string => normalizeHost(request.headers.host ?? '');
