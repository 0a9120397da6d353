import { z } from 'zod';
import { ZExportFormat, ZPage, ZPageQuery } from './common';

const ZFilterText = z.string().trim().min(1).max(200).optional();
const ZDateFilter = z.iso.datetime({ offset: true, message: 'INVALID_FORMAT' }).optional();

/** GET /api/ops/v1/audit: `actor` and `action` match exactly, `object` as given or as a prefix ending in ':'. */
export const ZAuditQuery = ZPageQuery.extend({
  actor: ZFilterText,
  action: ZFilterText,
  object: ZFilterText,
  from: ZDateFilter,
  to: ZDateFilter,
  format: ZExportFormat,
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  at: z.string(),
  actor: z.string(),
  ip: z.string().nullable(),
  action: z.string(),
  object: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  outcome: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditResponse = ZPage(ZAuditEntry);
