import {
  ZMeResponse,
  ZPendingTotpResponse,
  ZStaffPasswordRequest,
  ZStaffSessionRequest,
  ZStaffSessionResponse,
  ZStaffTotpRequest,
  ZStaffTotpResponse,
} from '@lc/shared/contracts/ops-staff';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffSessions } from '../../db/schema/staff';
import { AppError } from '../../lib/app-error';
import { errorResponses, ZNoContent } from '../../lib/route-schemas';
import { opsCallerOf, requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { auditScopeOf } from '../ops/record-audit';
import { requestMeta } from '../players/request-meta';
import { changeStaffPassword } from './change-staff-password';
import { enrolStaffTotp } from './enrol-staff-totp';
import { loginStaff } from './login-staff';
import { pendingStaffTotp } from './pending-staff-totp';
import { toStaffDto } from './to-staff-dto';

/** The signed-in member of a `self` route; OPS_TOKEN has no own account to look at or change. */
function memberOf(request: FastifyRequest) {
  const caller = opsCallerOf(request);
  if (caller.kind !== 'staff') throw new AppError(401, 'UNAUTHORIZED', 'A staff session is needed here');
  return caller;
}

/** Staff sign-in and the member's own account: first-sign-in TOTP enrolment and password change. */
export const staffSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/ops/v1/session',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'public' },
      schema: {
        tags: ['ops'],
        summary: 'Staff sign-in (throttled as players); before enrolment the answer carries the TOTP secret',
        body: ZStaffSessionRequest,
        response: { 200: ZStaffSessionResponse, ...errorResponses(400, 401, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      const login = await loginStaff(app.db, {
        agency: agencyOf(request),
        body: request.body,
        previousToken: request.cookies[app.opsSessionCookieName],
        meta: requestMeta(request),
        scope: auditScopeOf(request),
      });
      reply.setOpsSessionCookie(login.token);
      return {
        staff: toStaffDto(login.staff),
        mustChangePassword: login.staff.mustChangePassword,
        mustEnrolTotp: login.mustEnrolTotp,
        ...(login.totp ? { totp: login.totp } : {}),
      };
    },
  );

  app.delete(
    '/api/ops/v1/session',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'self' },
      schema: {
        tags: ['ops'],
        summary: 'Sign out',
        response: { 204: ZNoContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { session } = memberOf(request);
      await app.db.delete(staffSessions).where(eq(staffSessions.id, session.id));
      reply.clearOpsSessionCookie();
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/ops/v1/me',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'self' },
      schema: {
        tags: ['ops'],
        summary: 'The signed-in member, and what of the first sign-in is still owed (TOTP, own password)',
        response: { 200: ZMeResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { staff, hasTotp } = memberOf(request);
      return {
        staff: toStaffDto(staff),
        mustChangePassword: staff.mustChangePassword,
        mustEnrolTotp: !hasTotp,
      };
    },
  );

  app.get(
    '/api/ops/v1/me/totp',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'self' },
      schema: {
        tags: ['ops'],
        summary:
          'The secret being enrolled, again (a reload during the first sign-in); 409 once enrolment is confirmed',
        response: { 200: ZPendingTotpResponse, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const { staff } = memberOf(request);
      return { totp: await pendingStaffTotp(app.db, staff, agencyOf(request).name, app.now()) };
    },
  );

  app.post(
    '/api/ops/v1/me/totp',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'self' },
      schema: {
        tags: ['ops'],
        summary: 'Finish TOTP enrolment with a code of the secret shown at sign-in; ten recovery codes, once',
        body: ZStaffTotpRequest,
        response: { 200: ZStaffTotpResponse, ...errorResponses(400, 401, 404, 409, 415) },
      },
    },
    async (request) =>
      enrolStaffTotp(app.db, {
        member: memberOf(request).staff,
        code: request.body.code,
        scope: auditScopeOf(request),
        now: app.now(),
      }),
  );

  app.post(
    '/api/ops/v1/me/password',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'self' },
      schema: {
        tags: ['ops'],
        summary:
          "Change the member's own password (first sign-in: replaces the initial one); other sessions end",
        body: ZStaffPasswordRequest,
        response: { 204: ZNoContent, ...errorResponses(400, 401, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      const { staff, session } = memberOf(request);
      await changeStaffPassword(app.db, {
        member: staff,
        session,
        body: request.body,
        scope: auditScopeOf(request),
        ip: request.ip,
        now: app.now(),
      });
      return reply.code(204).send(null);
    },
  );
};
