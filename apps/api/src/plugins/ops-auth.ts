import { createHash, timingSafeEqual } from 'node:crypto';
import { STAFF_ROLES, type TStaffRole } from '@lc/shared/contracts/ops-staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRow, StaffSessionRow } from '../db/schema/staff';
import { AppError } from '../lib/app-error';
import { agencyOf, requireAgency } from '../modules/agency/agency-resolver';
import { findLiveStaffSession } from '../modules/staff/find-live-staff-session';

/**
 * Who may call an ops route, declared once per route as `config: { opsRole }`:
 * a role (that role or a higher one), `self` (any signed-in staff member, also before the first-sign-in
 * set-up is done: me, me/totp, me/password, sign-out), `public` (sign-in) or `platform` (the OPS token only:
 * the platform's own routes, e.g. agencies; a staff session of any role → 403 FORBIDDEN_ROLE).
 */
export type OpsAccess = TStaffRole | 'self' | 'public' | 'platform';

declare module 'fastify' {
  interface FastifyContextConfig {
    opsRole?: OpsAccess;
  }
  interface FastifyInstance {
    /** `ops_sid`, or `__Host-ops_sid` when SESSION_SECURE. */
    opsSessionCookieName: string;
  }
  interface FastifyRequest {
    opsActor: OpsActor | null;
  }
  interface FastifyReply {
    /** The staff session cookie: HttpOnly, SameSite=Strict, Path=/, Secure in production. */
    setOpsSessionCookie: (token: string) => void;
    clearOpsSessionCookie: () => void;
  }
}

/** The caller of an ops route: a staff member (with their session) or the built-in `automation` account. */
export type OpsActor =
  | {
      kind: 'staff';
      name: string;
      role: TStaffRole;
      staff: StaffRow;
      session: StaffSessionRow;
      /** TOTP enrolled (confirmed); with the own password set, the member is set up. */
      hasTotp: boolean;
      isSetUp: boolean;
    }
  | { kind: 'automation'; name: 'automation'; role: 'admin' };

const AUTOMATION: OpsActor = { kind: 'automation', name: 'automation', role: 'admin' };

const digest = (value: string) => createHash('sha256').update(value).digest();

export function registerOpsAuth(app: FastifyInstance, options: { secure: boolean }): void {
  const cookieOptions = { httpOnly: true, sameSite: 'strict', path: '/', secure: options.secure } as const;
  app.decorate('opsSessionCookieName', options.secure ? '__Host-ops_sid' : 'ops_sid');
  app.decorateRequest('opsActor', null);
  app.decorateReply('setOpsSessionCookie', function (this: FastifyReply, token: string) {
    this.setCookie(app.opsSessionCookieName, token, cookieOptions);
  });
  app.decorateReply('clearOpsSessionCookie', function (this: FastifyReply) {
    this.clearCookie(app.opsSessionCookieName, cookieOptions);
  });
}

/** True when `actual` includes the rights of `needed` (support < cashier < finance < admin). */
export function hasRole(actual: TStaffRole, needed: TStaffRole): boolean {
  return STAFF_ROLES.indexOf(actual) >= STAFF_ROLES.indexOf(needed);
}

/**
 * onRequest of every `/api/ops/v1/*` route: `Authorization: Bearer $OPS_TOKEN` (the `automation` account,
 * compared in constant time) or a live staff session cookie of this host's agency; then the route's
 * `opsRole`. Runs before validation, so a caller without the right learns nothing about the input.
 * Bearer calls are exempt from the Origin check (a browser never sends a bearer token on its own); cookie
 * calls are not (plugins/security.ts).
 */
export async function requireOps(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const access = request.routeOptions.config.opsRole;
  // A route without a declared role is a programming error, never an open door.
  if (!access) throw new Error(`ops route ${request.routeOptions.url} declares no opsRole`);
  if (access === 'public') return;
  const actor = request.headers.authorization ? automationOf(request) : await staffOf(request, reply);
  request.opsActor = actor;
  if (access === 'self') return;
  if (access === 'platform') {
    if (actor.kind === 'automation') return;
    throw new AppError(
      403,
      'FORBIDDEN_ROLE',
      'Only the platform (OPS token) may do this',
      undefined,
      undefined,
      {
        role: access,
      },
    );
  }
  if (actor.kind === 'staff' && !actor.isSetUp) {
    throw new AppError(403, 'STAFF_SETUP_REQUIRED', 'Enrol TOTP and set your password first');
  }
  if (!hasRole(actor.role, access)) {
    throw new AppError(403, 'FORBIDDEN_ROLE', `This needs the ${access} role`, undefined, undefined, {
      role: access,
    });
  }
}

function automationOf(request: FastifyRequest): OpsActor {
  if (!hasBearerToken(request, request.server.opsToken.token))
    throw new AppError(401, 'UNAUTHORIZED', 'Ops token required');
  return AUTOMATION;
}

/** True when the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function hasBearerToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  // Hashing both sides gives equal lengths, so timingSafeEqual never throws and leaks no length.
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

async function staffOf(request: FastifyRequest, reply: FastifyReply): Promise<OpsActor> {
  await requireAgency(request);
  const value = request.cookies[request.server.opsSessionCookieName];
  const token = value && value.length <= 128 ? value : undefined;
  const found = token
    ? await findLiveStaffSession(request.server.db, token, agencyOf(request).id, request.server.now())
    : null;
  if (!found) {
    if (token) reply.clearOpsSessionCookie();
    throw new AppError(401, 'UNAUTHORIZED', 'Sign in first');
  }
  const isSetUp = !found.staff.mustChangePassword && found.hasTotp;
  return { kind: 'staff', name: found.staff.username, role: found.staff.role, ...found, isSetUp };
}

/** The caller of a route guarded by `requireOps` (not `public`). */
export function opsCallerOf(request: FastifyRequest): OpsActor {
  if (!request.opsActor) throw new Error('requireOps did not run for this route');
  return request.opsActor;
}

/** The staff id of a caller, null for `automation` (OPS_TOKEN). */
export function staffIdOf(actor: OpsActor): string | null {
  return actor.kind === 'staff' ? actor.staff.id : null;
}
