import { ZApprovalResponse } from '@lc/shared/contracts/ops-approvals';
import { ZPaymentChannelsResponse, ZPutPaymentChannelRequest } from '@lc/shared/contracts/payment-channels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas';
import { opsCallerOf, requireOps } from '../../plugins/ops-auth';
import { toApprovalDto } from '../approvals/to-approval-dto';
import { auditScopeOf } from '../ops/record-audit';
import { agencyOf, requireAgency } from './agency-resolver';
import { listPaymentChannels, requestPaymentChannel } from './save-payment-channel';

const ZChannelParams = z.object({ code: z.string().regex(/^[a-z0-9-]{2,32}$/) });

/**
 * Ops: the agency's payment channels with their LaoQR settings (bank, mode, receiver id, MCC, merchant name
 * and city). A channel without a receiver id cannot be saved (400 VALIDATION_ERROR); a change is a four-eyes
 * request (where deposits go is a money setting).
 */
export const opsPaymentChannelsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/agency/payment-channels',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary: "The agency's payment channels and how each issues its LaoQR",
        security: [{ opsToken: [] }, { opsSession: [] }],
        response: { 200: ZPaymentChannelsResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ paymentChannels: await listPaymentChannels(app.db, agencyOf(request).id) }),
  );

  app.put(
    '/api/ops/v1/agency/payment-channels/:code',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'admin' },
      schema: {
        tags: ['ops'],
        summary:
          'Ask to create or replace one payment channel: 202 {approval} (CHANNEL_SETTINGS), applied when a ' +
          'second admin approves; 409 APPROVAL_PENDING while one waits for the channel',
        security: [{ opsToken: [] }, { opsSession: [] }],
        params: ZChannelParams,
        body: ZPutPaymentChannelRequest,
        response: { 202: ZApprovalResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request, reply) => {
      const approval = await requestPaymentChannel(app, {
        agencyId: agencyOf(request).id,
        channel: { ...request.body, code: request.params.code },
        caller: opsCallerOf(request),
        scope: auditScopeOf(request),
      });
      return reply.code(202).send({ approval: toApprovalDto(approval) });
    },
  );
};
