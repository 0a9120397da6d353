import {
  PROVIDER_PROTOCOLS,
  type TProviderSettingsItem,
  type TProviderSettingsResponse,
} from '@lc/shared/contracts/ops-provider-settings';
import { PROVIDERS } from '@lc/shared/providers';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { UnconfiguredProvider } from '../../adapters/providers/unconfigured-provider';
import { approvals } from '../../db/schema/approvals';
import { listProviderSettings } from './provider-settings-repository';
import { providerSubject } from './request-provider-settings';

/**
 * GET settings/providers: how the agency reaches each of the five providers, its last check and any request
 * waiting — never a credential. Without settings of its own an agency uses the deployment's default.
 */
export async function listAgencyProviderSettings(
  app: FastifyInstance,
  agencyId: string,
): Promise<TProviderSettingsResponse> {
  const [rows, pending] = await Promise.all([
    listProviderSettings(app.db, agencyId),
    app.db
      .select({ id: approvals.id, subject: approvals.subject })
      .from(approvals)
      .where(
        and(
          eq(approvals.agencyId, agencyId),
          eq(approvals.status, 'PENDING'),
          like(approvals.subject, 'provider:%'),
        ),
      ),
  ]);
  const items = PROVIDERS.map((provider): TProviderSettingsItem => {
    const row = rows.find((r) => r.provider === provider);
    const pendingApprovalId = pending.find((p) => p.subject === providerSubject(provider))?.id ?? null;
    if (row) {
      return {
        provider,
        source: 'agency',
        protocol: (PROVIDER_PROTOCOLS as readonly string[]).includes(row.protocol)
          ? (row.protocol as 'laocredit-v1')
          : 'laocredit-v1',
        url: row.url,
        enabled: row.enabled,
        configured: row.enabled,
        lastCheck:
          row.lastCheckAt && row.lastCheckOk !== null
            ? { at: row.lastCheckAt.toISOString(), ok: row.lastCheckOk, detail: row.lastCheckDetail ?? '' }
            : null,
        pendingApprovalId,
      };
    }
    const fallback = app.providers.deploymentDefault(provider);
    return {
      provider,
      source: 'default',
      protocol: 'laocredit-v1',
      url:
        app.config.providers[provider].url ?? (app.config.sandbox ? `/sandbox/providers/${provider}` : null),
      enabled: true,
      configured: !(fallback instanceof UnconfiguredProvider),
      lastCheck: null,
      pendingApprovalId,
    };
  });
  return { protocols: [...PROVIDER_PROTOCOLS], items };
}
