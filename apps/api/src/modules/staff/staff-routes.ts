import { ZApprovalResponse } from '@lc/shared/contracts/ops-approvals';
import {
  ZCreateStaffRequest,
  ZCreateStaffResponse,
  ZStaffListResponse,
  ZStaffParams,
  ZStaffResponse,
  ZUpdateStaffRequest,
} from '@lc/shared/contracts/ops-staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, OPS_SECURITY, ZNoContent } from '../../lib/route-schemas';
import { opsCallerOf, requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { toApprovalDto } from '../approvals/to-approval-dto';
import { auditScopeOf, opsActorOf } from '../ops/record-audit';
import { createStaff, creatorOf } from './create-staff';
import { listStaff } from './find-staff';
import { APPROVING_ROLES, requestStaffCreation } from './request-staff-creation';
import { resetStaffTotp } from './reset-staff-totp';
import { toStaffDto } from './to-staff-dto';
import { updateStaff } from './update-staff';

/** Admins manage the agency's staff: create (one-time password), list, (de)activate, role requests, reset TOTP. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/ops/v1/staff',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'admin' },
      schema: {
        tags: ['ops'],
        summary:
          'Create a staff member; answers a one-time initial password (TOTP is enrolled by the member). A ' +
          'finance or admin member asked for by a staff session is a four-eyes request: 202 {approval} ' +
          '(STAFF_CREATE), created when a second admin approves it, who receives the password',
        security: OPS_SECURITY,
        body: ZCreateStaffRequest,
        response: {
          201: ZCreateStaffResponse,
          202: ZApprovalResponse,
          ...errorResponses(400, 401, 403, 404, 409, 415),
        },
      },
    },
    async (request, reply) => {
      const caller = opsCallerOf(request);
      const input = {
        agencyId: agencyOf(request).id,
        body: request.body,
        scope: auditScopeOf(request),
        now: app.now(),
      };
      // The OPS token is the platform (it creates an agency's first admins); a person needs a second admin.
      if (caller.kind === 'staff' && APPROVING_ROLES.has(request.body.role)) {
        const approval = await requestStaffCreation(app.db, { ...input, caller });
        return reply.code(202).send({ approval: toApprovalDto(approval) });
      }
      const created = await createStaff(app.db, { ...input, creator: creatorOf(caller), actor: caller.name });
      return reply
        .code(201)
        .send({ staff: toStaffDto(created.staff), initialPassword: created.initialPassword });
    },
  );

  app.get(
    '/api/ops/v1/staff',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'admin' },
      schema: {
        tags: ['ops'],
        summary: "The agency's staff members",
        security: OPS_SECURITY,
        response: { 200: ZStaffListResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ staff: (await listStaff(app.db, agencyOf(request).id)).map(toStaffDto) }),
  );

  app.patch(
    '/api/ops/v1/staff/:id',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'admin' },
      schema: {
        tags: ['ops'],
        summary:
          '`active` applies at once (200, sessions end on deactivation); a new `role` is a four-eyes request (202)',
        security: OPS_SECURITY,
        params: ZStaffParams,
        body: ZUpdateStaffRequest,
        response: {
          200: ZStaffResponse,
          202: ZApprovalResponse,
          ...errorResponses(400, 401, 403, 404, 415),
        },
      },
    },
    async (request, reply) => {
      const result = await updateStaff(app.db, {
        agencyId: agencyOf(request).id,
        id: request.params.id,
        body: request.body,
        caller: opsCallerOf(request),
        scope: auditScopeOf(request),
        now: app.now(),
      });
      if (result.approval) return reply.code(202).send({ approval: toApprovalDto(result.approval) });
      return { staff: toStaffDto(result.staff) };
    },
  );

  app.post(
    '/api/ops/v1/staff/:id/reset-totp',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'admin' },
      schema: {
        tags: ['ops'],
        summary:
          "Delete a member's TOTP and recovery codes and end their sessions; they enrol again at sign-in",
        security: OPS_SECURITY,
        params: ZStaffParams,
        response: { 204: ZNoContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await resetStaffTotp(app.db, {
        agencyId: agencyOf(request).id,
        id: request.params.id,
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
        now: app.now(),
      });
      return reply.code(204).send(null);
    },
  );
};
