import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/audit';

export type AuditEntry = {
  /** Who: `opsActorOf(request)` for the ops API. */
  actor: string;
  /** What, as `noun.verb`: `players.list`, `player.credit`, `reconciliation.run`, `exchange-rate.set`. */
  action: string;
  /** To what: `player:<id>`, `provider:<name>`, … */
  target?: string | null;
  /** Never secrets: no tokens, passwords or full account numbers. */
  details?: Record<string, unknown>;
  at: Date;
};

/** Appends one row to the append-only audit log (inside the caller's transaction when given one). */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? {},
    createdAt: entry.at,
  });
}

/**
 * The actor of an ops request: `ops:` and the first 8 hex of the token's SHA-256, which tells tokens apart
 * (after a rotation) without putting anything usable in the log. Call after `requireOps`.
 */
export function opsActorOf(request: FastifyRequest): string {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return 'ops';
  return `ops:${createHash('sha256').update(token).digest('hex').slice(0, 8)}`;
}
