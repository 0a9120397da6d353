import type { TAccessAction, TAuditAction, TAuditKind } from '@lc/shared/contracts/ops-audit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { requireAgency } from '../agency/agency-resolver';

export type AuditEntry = {
  /** Who: `opsActorOf(request)` for the ops API (a staff username or `automation`), `worker` for jobs. */
  actor: string;
  /**
   * What was done, as `noun.verb` (`player.credit`, `reconciliation.run`, `exchange-rate.set`): one of the
   * codes the console translates (AUDIT_ACTIONS), or `METHOD /route` of a refused request.
   */
  action: TAuditAction | RefusedRequest;
  /** The request it came from (auditScopeOf), or jobScope(agency) for the worker's own actions. */
  scope: AuditScope;
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

/**
 * Where an audited action came from: its request's agency, staff member and address. Passed down explicitly
 * from the route: an AsyncLocalStorage would carry it implicitly, but on Node 20 its first use turns on
 * promise hooks for the whole process, which made every await of every request slower (bench:money's API CPU
 * per deposit rose by a sixth once one ops request had run; decision 0049).
 */
export type AuditScope = { agencyId: string | null; staffId: string | null; ip: string | null };

/** A refused ops request is recorded under its method and route: `POST /api/ops/v1/deposits/:code/confirm`. */
type RefusedRequest = `${string} /api/${string}`;

/** What staff looked at (a list, a player's page, a report): the access log, apart from the actions. */
export type AccessEntry = Omit<AuditEntry, 'action' | 'before' | 'after' | 'outcome'> & {
  action: TAccessAction;
};

/**
 * The worker's own actions on an agency's behalf: no request, no staff member, no address; the agency whose
 * order or run it is, so the entry is in that agency's audit list like its staff's.
 */
export const jobScope = (agencyId: string): AuditScope => ({ agencyId, staffId: null, ip: null });

/** The audit scope of a request, read by its handler (after requireOps and the agency resolver have run). */
export function auditScopeOf(request: FastifyRequest): AuditScope {
  const caller = request.opsActor;
  const scope: AuditScope = {
    agencyId: request.agency?.id ?? null,
    staffId: caller?.kind === 'staff' ? caller.staff.id : null,
    ip: request.ip ?? null,
  };
  requestOfScope.set(scope, request);
  return scope;
}

// The request each scope was read from, so a refusal its route records itself marks that request.
const requestOfScope = new WeakMap<AuditScope, FastifyRequest>();
// Requests whose route recorded a refusal itself: the generic refusal entry below is not added again.
const refusalRecorded = new WeakSet<FastifyRequest>();

/** Appends one row to the append-only audit log (inside the caller's transaction when given one). */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await appendRow(db, entry, 'action');
}

/**
 * Appends a page view to the access log (the same append-only table, kind `access`): who read which list,
 * player page or report, kept as before but no longer mixed into the actions (decision 0076).
 */
export async function recordAccess(db: DbOrTx, entry: AccessEntry): Promise<void> {
  await appendRow(db, entry, 'access');
}

async function appendRow(
  db: DbOrTx,
  entry: Omit<AuditEntry, 'action'> & { action: AuditEntry['action'] | TAccessAction },
  kind: TAuditKind,
): Promise<void> {
  const { scope } = entry;
  await db.insert(auditLog).values({
    kind,
    actor: entry.actor,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? {},
    before: entry.before ?? null,
    after: entry.after ?? null,
    outcome: entry.outcome ?? 'OK',
    agencyId: scope.agencyId,
    staffId: scope.staffId,
    ip: scope.ip,
    createdAt: entry.at,
  });
  const request = requestOfScope.get(scope);
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
 * Audits each ops request that ends in a 4xx/5xx (refused: no session, role too low, invalid input, a
 * conflict…) unless the route recorded it itself.
 */
export function registerAuditContext(app: FastifyInstance): void {
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
    await recordAudit(app.db, {
      actor: opsActorOf(request),
      scope: auditScopeOf(request),
      action: `${request.method} ${route.url}` as RefusedRequest,
      // The path as sent (percent-encoded ASCII) names the object: decoded params may hold U+0000 or a
      // lone surrogate (refused by the text guard, and by PostgreSQL's jsonb), so they are not stored.
      target: request.url.split('?')[0]?.slice(0, 300) ?? null,
      details: { status: reply.statusCode },
      outcome: `REFUSED:${errorCodeOf(payload)}`,
      at: app.now(),
    });
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
