import { ZPaymentChannelsResponse, ZPutPaymentChannelRequest } from '@lc/shared/contracts/payment-channels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas';
import { requireOps } from '../../plugins/ops-auth';
import { auditScopeOf, opsActorOf } from '../ops/record-audit';
import { agencyOf, requireAgency } from './agency-resolver';
import { listPaymentChannels, savePaymentChannel } from './save-payment-channel';

const ZChannelParams = z.object({ code: z.string().regex(/^[a-z0-9-]{2,32}$/) });

/**
 * Ops: the agency's payment channels with their LaoQR settings (bank, mode, receiver id, MCC, merchant name
 * and city). A channel without a receiver id cannot be saved (400 VALIDATION_ERROR).
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
        summary: 'Create or replace one payment channel (audited)',
        security: [{ opsToken: [] }, { opsSession: [] }],
        params: ZChannelParams,
        body: ZPutPaymentChannelRequest,
        response: { 200: ZPaymentChannelsResponse, ...errorResponses(400, 401, 404, 409, 415) },
      },
    },
    async (request) => {
      const paymentChannels = await savePaymentChannel(app, {
        agencyId: agencyOf(request).id,
        channel: { ...request.body, code: request.params.code },
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
      });
      app.forgetAgencies();
      return { paymentChannels };
    },
  );
};
