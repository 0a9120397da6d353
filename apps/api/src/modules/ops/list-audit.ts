import type { TAuditKind, TAuditQuery } from '@lc/shared/contracts/ops-audit';
import { and, count, desc, eq, gte, like, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AuditLogRow, auditLog } from '../../db/schema/audit';

/**
 * The agency's audit log (or access log), newest first, filtered as GET /api/ops/v1/audit says (indexed by
 * agency, kind and time). Without `kind` both, as a player's page lists what was done to them and who looked.
 */
export async function listAudit(
  db: Db,
  agencyId: string,
  query: Omit<TAuditQuery, 'kind'> & { kind?: TAuditKind },
): Promise<{ items: AuditLogRow[]; total: number }> {
  const conditions: SQL[] = [eq(auditLog.agencyId, agencyId)];
  if (query.kind) conditions.push(eq(auditLog.kind, query.kind));
  if (query.actor) conditions.push(eq(auditLog.actor, query.actor));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.object) {
    // `player:` lists every player's rows; a full `player:<id>` that one object's.
    const object = query.object;
    const prefix = `${object.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byObject = object.endsWith(':') ? like(auditLog.target, prefix) : eq(auditLog.target, object);
    conditions.push(byObject);
  }
  if (query.from) conditions.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lte(auditLog.createdAt, new Date(query.to)));
  const where = and(...conditions);
  const [items, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { items, total: totals?.total ?? 0 };
}
