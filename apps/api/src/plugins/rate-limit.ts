import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import type { RateLimit, RateLimits } from './rate-limit-config';
import { rateLimitStore } from './rate-limit-store';

// Routes with a count of their own per address; every other /api/v2 route shares the `player` count.
const ROUTE_KINDS: Record<string, Exclude<keyof RateLimits, 'player'>> = {
  'POST /api/v2/players/register': 'register',
  'POST /api/v2/players/username/validate': 'usernameCheck',
  'POST /api/v2/players/login': 'login',
  'GET /api/v2/agency/info': 'publicRead',
  'GET /api/v2/agency/logo/:sha256': 'publicRead',
  'GET /api/v2/promotions': 'publicRead',
  'GET /api/v2/promotions/:id': 'publicRead',
  'GET /api/v2/exchange-rates': 'publicRead',
  'GET /api/v2/banks': 'publicRead',
};

// Kinds that guard secrets and accounts count in the database, so several API processes count together;
// the flood limits (public reads, the signed-in API) count in each process's memory (decision 0029).
const COUNTED_TOGETHER: ReadonlySet<keyof RateLimits> = new Set(['register', 'usernameCheck', 'login']);

// Only the player-facing API is limited: probes, the bank's webhooks (a refused one could delay a
// payment), ops (bearer token), the sandbox and the web app's files are not.
const LIMITED_PREFIX = '/api/v2/';

const optionsOf = (limit: RateLimit) => ({ max: limit.max, timeWindow: limit.windowMs });

/**
 * Per-address request limits (config.rateLimits) on the player API; over the limit → 429 RATE_LIMITED with
 * Retry-After. Register before routes.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const limits = app.config.rateLimits;
  // Added before the library's own onRoute hook, so it runs first and each route carries its kind's limit.
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit !== undefined) return;
    const kind = ROUTE_KINDS[`${String(route.method)} ${route.url}`];
    if (kind) route.config = { ...route.config, rateLimit: optionsOf(limits[kind]) };
    else if (!route.url.startsWith(LIMITED_PREFIX)) route.config = { ...route.config, rateLimit: false };
  });
  await app.register(fastifyRateLimit, {
    global: true,
    ...optionsOf(limits.player),
    store: rateLimitStore(app.db, app.now, app.log, (method, url) => {
      const kind = ROUTE_KINDS[`${method} ${url}`];
      return kind !== undefined && COUNTED_TOGETHER.has(kind);
    }),
    // A failing counter must not take the API down with it; the store logs the failure.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RATE_LIMITED', 'Too many requests, try again later', undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
}
