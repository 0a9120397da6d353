import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { postgresRateLimitStore } from './postgres-rate-limit-store';
import type { RateLimit, RateLimits } from './rate-limit-config';

// Routes with a count of their own per address; every other /api/v2 route shares the `player` count.
const ROUTE_KINDS: Record<string, Exclude<keyof RateLimits, 'player'>> = {
  'POST /api/v2/players/register': 'register',
  'POST /api/v2/players/username/validate': 'usernameCheck',
  'POST /api/v2/players/login': 'login',
  'GET /api/v2/agency/info': 'publicRead',
  'GET /api/v2/promotions': 'publicRead',
  'GET /api/v2/promotions/:id': 'publicRead',
  'GET /api/v2/exchange-rates': 'publicRead',
  'GET /api/v2/banks': 'publicRead',
};

// Only the player-facing API is limited: probes, the bank's webhooks (a refused one could delay a
// payment), ops (bearer token), the sandbox and the web app's files are not.
const LIMITED_PREFIX = '/api/v2/';

const optionsOf = (limit: RateLimit) => ({ max: limit.max, timeWindow: limit.windowMs });

/**
 * Per-address request limits (config.rateLimits) on the player API, counted in the database so that every
 * API process counts together; over the limit → 429 RATE_LIMITED with Retry-After. Register before routes.
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
    store: postgresRateLimitStore(app.db, app.now, app.log),
    // A failing counter must not take the API down with it; the store logs the failure.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RATE_LIMITED', 'Too many requests, try again later', undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
}
