import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { preparedStatement } from '../../db/prepared-statement';
import { agencies } from '../../db/schema/agency';
import { agencyOf, requireAgency } from '../agency/agency-resolver';

// Prepared by name like the hot reads it is compared with (players/info, the session look-up): an unprepared
// query-builder SELECT made the baseline slower than what it measures and the ratios flatter (issue #17).
const selectAgencyId = preparedStatement('bench_select_agency', (db) =>
  db
    .select({ id: agencies.id })
    .from(agencies)
    .where(eq(agencies.id, sql.placeholder('id'))),
);

/**
 * Baselines for `npm run bench` (mounted only with BENCH_ROUTES=true): the cost of the framework alone, and
 * of one prepared primary-key SELECT on the same pool — what an authenticated read is measured against.
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
      const [row] = await selectAgencyId(app.db, { id: agencyOf(request).id });
      return { id: String(row?.id) };
    },
  );
};
