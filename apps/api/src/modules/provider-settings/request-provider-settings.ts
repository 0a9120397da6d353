import type { TPutProviderSettingsRequest } from '@lc/shared/contracts/ops-provider-settings';
import type { TProvider } from '@lc/shared/providers';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/client';
import type { ApprovalRow } from '../../db/schema/approvals';
import { AppError } from '../../lib/app-error';
import type { OpsActor } from '../../plugins/ops-auth';
import { findPendingApproval } from '../approvals/find-pending-approval';
import { requestApproval } from '../approvals/request-approval';
import type { AuditScope } from '../ops/record-audit';
import { sealCredentials } from './provider-settings-repository';

export const providerSubject = (provider: TProvider): string => `provider:${provider}`;

/**
 * PUT settings/providers/{provider}: files a PROVIDER_SETTINGS request that a second admin approves
 * (applyProviderSettings). The credentials are sealed before anything is stored, so the request, its audit
 * entry and the answer only ever hold the sealed text; one request per provider waits at a time (409
 * APPROVAL_PENDING).
 */
export async function requestProviderSettings(
  app: FastifyInstance,
  input: {
    agencyId: string;
    provider: TProvider;
    body: TPutProviderSettingsRequest;
    caller: OpsActor;
    scope: AuditScope;
    now: Date;
  },
): Promise<ApprovalRow> {
  if (!app.secrets) {
    throw new AppError(503, 'SECRETS_KEY_MISSING', 'Set SECRETS_KEY before saving provider credentials');
  }
  const { agencyId, provider, body } = input;
  const sealed = sealCredentials(app.secrets, agencyId, provider, body.credentials);
  try {
    return await app.db.transaction(async (tx) => {
      const pending = await findPendingApproval(tx, agencyId, providerSubject(provider));
      if (pending) throw approvalPending(provider, pending.id);
      return requestApproval(tx, {
        agencyId,
        kind: 'PROVIDER_SETTINGS',
        payload: {
          provider,
          protocol: body.protocol,
          url: body.url,
          enabled: String(body.enabled),
          credentials: sealed,
        },
        reason: `Provider settings of ${provider}: ${body.protocol} at ${body.url}`,
        subject: providerSubject(provider),
        caller: input.caller,
        scope: input.scope,
        now: input.now,
      });
    });
  } catch (error) {
    // Two requests at once: the unique index let one in; the other waits for it like any later one.
    if (isUniqueViolation(error)) throw approvalPending(provider, null);
    throw error;
  }
}

const approvalPending = (provider: TProvider, id: string | null): AppError =>
  new AppError(409, 'APPROVAL_PENDING', `Settings of ${provider} wait for approval${id ? ` ${id}` : ''}`);
