import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agencies } from '../../db/schema/agency';
import { agencyOf, requireAgency } from '../agency/agency-resolver';

/**
 * Baselines for `npm run bench` (mounted only with BENCH_ROUTES=true): the cost of the framework alone, and
 * of one primary-key SELECT on the same pool — what an authenticated read is measured against.
 */
export const benchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/bench/bare',
    { schema: { hide: true, response: { 200: z.object({ ok: z.boolean() }) } } },
    async () => ({
      ok: true,
    }),
  );
  app.get(
    '/api/bench/select',
    { preHandler: requireAgency, schema: { hide: true, response: { 200: z.object({ id: z.string() }) } } },
    async (request) => {
      const [row] = await app.db
        .select({ id: agencies.id })
        .from(agencies)
        .where(eq(agencies.id, agencyOf(request).id));
      return { id: String(row?.id) };
    },
  );
};
