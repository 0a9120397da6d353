import { isProvider } from '@lc/shared/providers';
import type { DbOrTx } from '../../db/client';
import { agencyProviderSettings } from '../../db/schema/agency';
import type { ApprovalRow } from '../../db/schema/approvals';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { findProviderSettings } from './provider-settings-repository';

/**
 * An approved PROVIDER_SETTINGS request, in the decision's transaction: the agency's settings of that provider
 * become exactly what was asked (credentials still sealed), audited before/after without the credentials.
 * The registry reads them at its next call here, within seconds in other processes.
 */
export async function applyProviderSettings(
  tx: DbOrTx,
  row: ApprovalRow,
  input: { actor: string; scope: AuditScope; now: Date },
): Promise<Record<string, string>> {
  const { provider, protocol, url, enabled, credentials } = row.payload;
  if (!provider || !isProvider(provider) || !protocol || !url || !credentials) {
    throw new Error(`approval ${row.id} has a malformed provider settings payload`);
  }
  const before = await findProviderSettings(tx, row.agencyId, provider, { forUpdate: true });
  const values = {
    protocol,
    url,
    enabled: enabled === 'true',
    credentialsSealed: credentials,
    updatedAt: input.now,
  };
  await tx
    .insert(agencyProviderSettings)
    .values({ agencyId: row.agencyId, provider, ...values })
    .onConflictDoUpdate({
      target: [agencyProviderSettings.agencyId, agencyProviderSettings.provider],
      set: values,
    });
  const shown = (s: { protocol: string; url: string; enabled: boolean } | null) =>
    s ? { protocol: s.protocol, url: s.url, enabled: s.enabled, credentials: '•••' } : null;
  await recordAudit(tx, {
    actor: input.actor,
    scope: input.scope,
    action: 'provider-settings.update',
    target: `provider:${provider}`,
    before: shown(before),
    after: { ...shown(values), approval: row.id, requestedBy: row.requestedBy },
    at: input.now,
  });
  return { provider, protocol, url, enabled: String(values.enabled) };
}
