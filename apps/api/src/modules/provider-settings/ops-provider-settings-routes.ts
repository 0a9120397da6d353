import { ZApprovalResponse } from '@lc/shared/contracts/ops-approvals';
import {
  ZProviderCheckResponse,
  ZProviderParams,
  ZProviderSettingsResponse,
  ZPutProviderSettingsRequest,
  ZResealSecretsResponse,
} from '@lc/shared/contracts/ops-provider-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, OPS_SECURITY } from '../../lib/route-schemas';
import { opsCallerOf, requireOps } from '../../plugins/ops-auth';
import { agencyOf, requireAgency } from '../agency/agency-resolver';
import { toApprovalDto } from '../approvals/to-approval-dto';
import { auditScopeOf, opsActorOf } from '../ops/record-audit';
import { checkProvider } from './check-provider';
import { listAgencyProviderSettings } from './list-provider-settings';
import { requestProviderSettings } from './request-provider-settings';
import { resealSecrets } from './reseal-secrets';

/** Ops: how the host's agency reaches each game provider (go-live); changes are four-eyes, credentials sealed. */
export const opsProviderSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ops/v1/settings/providers',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'support' },
      schema: {
        tags: ['ops'],
        summary: "Each provider's protocol, URL, switch, last check and waiting request; never a credential",
        security: OPS_SECURITY,
        response: { 200: ZProviderSettingsResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => listAgencyProviderSettings(app, agencyOf(request).id),
  );

  app.put(
    '/api/ops/v1/settings/providers/:provider',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'admin' },
      schema: {
        tags: ['ops'],
        summary:
          'Ask to set how the agency reaches a provider: 202 {approval} (PROVIDER_SETTINGS), applied when a ' +
          'second admin approves; credentials sealed with SECRETS_KEY (503 SECRETS_KEY_MISSING without it), ' +
          'never answered; 409 APPROVAL_PENDING while one waits',
        security: OPS_SECURITY,
        params: ZProviderParams,
        body: ZPutProviderSettingsRequest,
        response: { 202: ZApprovalResponse, ...errorResponses(400, 401, 403, 404, 409, 415, 503) },
      },
    },
    async (request, reply) => {
      const approval = await requestProviderSettings(app, {
        agencyId: agencyOf(request).id,
        provider: request.params.provider,
        body: request.body,
        caller: opsCallerOf(request),
        scope: auditScopeOf(request),
        now: app.now(),
      });
      return reply.code(202).send({ approval: toApprovalDto(approval) });
    },
  );

  app.post(
    '/api/ops/v1/secrets/reseal',
    {
      onRequest: [requireOps],
      config: { opsRole: 'platform' },
      schema: {
        tags: ['ops'],
        summary:
          'Key rotation: seal again under SECRETS_KEY every credential sealed under SECRETS_KEY_PREVIOUS ' +
          '(all agencies); {resealed, unreadable}',
        security: [{ opsToken: [] }],
        response: { 200: ZResealSecretsResponse, ...errorResponses(401, 403, 503) },
      },
    },
    async () => resealSecrets(app),
  );

  app.post(
    '/api/ops/v1/settings/providers/:provider/check',
    {
      onRequest: [requireOps, requireAgency],
      config: { opsRole: 'admin' },
      schema: {
        tags: ['ops'],
        summary: "A balance look-up of the agency's check member through its settings: {ok, detail, ms}",
        security: OPS_SECURITY,
        params: ZProviderParams,
        response: { 200: ZProviderCheckResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      checkProvider(app, {
        agency: agencyOf(request),
        provider: request.params.provider,
        actor: opsActorOf(request),
        scope: auditScopeOf(request),
      }),
  );
};
