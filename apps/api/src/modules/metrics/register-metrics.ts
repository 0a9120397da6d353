import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { hasBearerToken } from '../../plugins/ops-auth';
import { collectDbMetrics } from './collect-db-metrics';
import { createMetrics, type Metrics } from './create-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus series of this app: adapters time their calls and settlement counts credits through it. */
    metrics: Metrics;
  }
}

/**
 * The `route` label of a request: its route pattern. Requests that matched no route (the SPA's pages, unknown
 * paths) share `unmatched`, and the files of the web build — @fastify/static adds one route per file, with
 * content hashes that change at every release — share `web-file`: no raw URL and no per-release names.
 */
export function routeLabel(routeUrl: string | undefined): string {
  if (routeUrl === undefined) return 'unmatched';
  const isOurs = routeUrl.startsWith('/api/') || routeUrl.startsWith('/sandbox/') || routeUrl === '/metrics';
  return isOurs ? routeUrl : 'web-file';
}

/**
 * `app.metrics`, the HTTP latency of every answer, and `GET /metrics` (Prometheus text) for a scraper holding
 * `Authorization: Bearer $METRICS_TOKEN`, or the ops token when METRICS_TOKEN is unset. Registered before
 * the routes so the adapters and every route see it.
 */
export function registerMetrics(app: FastifyInstance): void {
  const metrics = createMetrics();
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (request, reply) => {
    metrics.observeHttp(
      request.method,
      routeLabel(request.routeOptions.url),
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = app.config.metricsToken ?? app.opsToken.token;
    if (!hasBearerToken(request, token)) throw new AppError(401, 'UNAUTHORIZED', 'Metrics token required');
    await collectDbMetrics(app, metrics);
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
