import { CSV_MAX_ROWS } from '@lc/shared/contracts/common';
import { ZAuditQuery, ZAuditResponse } from '@lc/shared/contracts/ops-audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, OPS_SECURITY } from '../../lib/route-schemas';
import { sendCsv } from '../../lib/send-csv';
import { toCsv } from '../../lib/to-csv';
import { requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { listAudit } from './list-audit';
import { toAuditDto } from './to-audit-dto';

const AUDIT_COLUMNS = ['at', 'actor', 'ip', 'action', 'object', 'before', 'after', 'outcome'] as const;

/**
 * The audit log of the host's agency: who did what to what, refused actions and failed sign-ins included; and
 * apart from it, the access log of the lists, player pages and reports staff looked at (decision 0076).
 */
export const opsAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/audit',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary:
          'Audit log (what staff did), newest first; kind=access: the access log (what they looked at); ' +
          'filters: actor, action, object (exact, or a prefix ending in ":"), from, to',
        security: OPS_SECURITY,
        querystring: ZAuditQuery,
        response: { 200: z.union([ZAuditResponse, z.string()]), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const isCsv = request.query.format === 'csv';
      const { page, pageSize } = isCsv ? { page: 1, pageSize: CSV_MAX_ROWS } : request.query;
      const agency = agencyOf(request);
      const found = await listAudit(app.db, agency.id, { ...request.query, page, pageSize });
      const items = found.items.map(toAuditDto);
      if (isCsv) return sendCsv(reply, `audit-${agency.code}.csv`, toCsv(AUDIT_COLUMNS, items));
      return { items, page, pageSize, total: found.total };
    },
  );
};
