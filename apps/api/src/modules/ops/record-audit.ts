import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { routeOf } from '../../plugins/security';
import { requireAgency } from '../agency/agency-resolver';

export type AuditEntry = {
  /** Who: `opsActorOf(request)` for the ops API (a staff username or `automation`), `worker` for jobs. */
  actor: string;
  /** What, as `noun.verb`: `players.list`, `player.credit`, `reconciliation.run`, `exchange-rate.set`. */
  action: string;
  /** To what: `player:<id>`, `provider:<name>`, `staff:<id>`, … */
  target?: string | null;
  /** Never secrets: no tokens, passwords or full account numbers. */
  details?: Record<string, unknown>;
  /** The object's values before and after the action, where it changes one. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** `OK` (default), `FAILED` (a sign-in) or `REFUSED`, each but OK followed by `:<error code>`. */
  outcome?: string;
  at: Date;
};

// The ops request a write happens in, so every audit row of it carries the agency, staff member and address
// without each of the many callers (deep in deposits, withdrawals, …) passing them along.
const currentRequest = new AsyncLocalStorage<FastifyRequest>();
const refusalRecorded = new WeakSet<FastifyRequest>();

/** Appends one row to the append-only audit log (inside the caller's transaction when given one). */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  const request = currentRequest.getStore();
  const caller = request?.opsActor;
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? {},
    before: entry.before ?? null,
    after: entry.after ?? null,
    outcome: entry.outcome ?? 'OK',
    agencyId: request?.agency?.id ?? null,
    staffId: caller?.kind === 'staff' ? caller.staff.id : null,
    ip: request?.ip ?? null,
    createdAt: entry.at,
  });
  if (request && entry.outcome && entry.outcome !== 'OK') refusalRecorded.add(request);
}

/**
 * The actor name of an ops request: the staff member's username, or `automation` for OPS_TOKEN. Call after
 * `requireOps`.
 */
export function opsActorOf(request: FastifyRequest): string {
  return request.opsActor?.name ?? 'anonymous';
}

/**
 * Runs every ops request inside its audit context, and audits each ops request that ends in a 4xx/5xx
 * (refused: no session, role too low, invalid input, a conflict…) unless the route recorded it itself.
 */
export function registerAuditContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!routeOf(request).startsWith('/api/ops/')) return done();
    currentRequest.run(request, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions;
    if (reply.statusCode < 400 || !route.config.opsRole || refusalRecorded.has(request)) return payload;
    // No one to name (no token, no session): not a staff action; failed sign-ins are recorded by login-staff.
    if (!request.opsActor) return payload;
    try {
      await requireAgency(request);
    } catch {
      return payload; // unknown host: no agency to record it under
    }
    // Explicitly in the request's context: onSend may run outside the chain the hook above started.
    await currentRequest.run(request, () =>
      recordAudit(app.db, {
        actor: opsActorOf(request),
        action: `${request.method} ${route.url}`,
        // The path as sent (percent-encoded ASCII) names the object: decoded params may hold U+0000 or a
        // lone surrogate (refused by the text guard, and by PostgreSQL's jsonb), so they are not stored.
        target: request.url.split('?')[0]?.slice(0, 300) ?? null,
        details: { status: reply.statusCode },
        outcome: `REFUSED:${errorCodeOf(payload)}`,
        at: app.now(),
      }),
    );
    return payload;
  });
}

function errorCodeOf(payload: unknown): string {
  if (typeof payload !== 'string') return 'UNKNOWN';
  try {
    const code = (JSON.parse(payload) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' ? code : 'UNKNOWN';
  } catch {
    return 'UNKNOWN';
  }
}
