import { PROVIDER_PROTOCOLS, type TProviderProtocol } from '@lc/shared/contracts/ops-provider-settings';
import type { TProvider } from '@lc/shared/providers';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ProviderEndpointSettings } from '../../adapters/providers/provider-client-of';
import type { ProviderSettingsSource } from '../../adapters/providers/registry';
import type { DbOrTx } from '../../db/client';
import { type AgencyProviderSettingsRow, agencyProviderSettings } from '../../db/schema/agency';
import type { SecretBox } from '../../lib/secret-box';

/** What a sealed credential is bound to: it opens for this agency and provider only (lib/secret-box.ts). */
export const credentialsPurpose = (agencyId: string, provider: TProvider): string =>
  `provider-credentials:${agencyId}:${provider}`;

export function sealCredentials(
  box: SecretBox,
  agencyId: string,
  provider: TProvider,
  credentials: Record<string, string>,
): string {
  return box.seal(JSON.stringify(credentials), credentialsPurpose(agencyId, provider));
}

const isProtocol = (value: string): value is TProviderProtocol =>
  (PROVIDER_PROTOCOLS as readonly string[]).includes(value);

/**
 * The registry's source (adapters/providers/registry.ts): an agency's approved settings with credentials
 * opened. A row that does not open (no SECRETS_KEY, or a key rotated away) or names an unknown protocol is
 * kept switched off, so calls answer unavailable instead of going somewhere with the wrong credentials.
 */
export function providerSettingsSource(app: FastifyInstance): ProviderSettingsSource {
  return async (agencyId) => {
    const rows = await app.db
      .select()
      .from(agencyProviderSettings)
      .where(eq(agencyProviderSettings.agencyId, agencyId));
    const settings = new Map<TProvider, ProviderEndpointSettings & { updatedAt: Date }>();
    for (const row of rows) {
      const opened = openCredentials(app.secrets, row);
      const usable = opened !== null && isProtocol(row.protocol);
      if (!usable)
        app.log.error({ agencyId, provider: row.provider }, 'provider settings do not open: switched off');
      settings.set(row.provider, {
        protocol: isProtocol(row.protocol) ? row.protocol : 'laocredit-v1',
        url: row.url,
        credentials: opened ?? {},
        enabled: row.enabled && usable,
        updatedAt: row.updatedAt,
      });
    }
    return settings;
  };
}

function openCredentials(
  box: SecretBox | null,
  row: AgencyProviderSettingsRow,
): Record<string, string> | null {
  if (!box) return null;
  try {
    return JSON.parse(box.open(row.credentialsSealed, credentialsPurpose(row.agencyId, row.provider)));
  } catch {
    return null;
  }
}

export function listProviderSettings(db: DbOrTx, agencyId: string): Promise<AgencyProviderSettingsRow[]> {
  return db.select().from(agencyProviderSettings).where(eq(agencyProviderSettings.agencyId, agencyId));
}

export async function findProviderSettings(
  db: DbOrTx,
  agencyId: string,
  provider: TProvider,
  options: { forUpdate?: boolean } = {},
): Promise<AgencyProviderSettingsRow | null> {
  const query = db
    .select()
    .from(agencyProviderSettings)
    .where(and(eq(agencyProviderSettings.agencyId, agencyId), eq(agencyProviderSettings.provider, provider)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The *Check* button's answer, kept on the agency's own settings (the default has no row to keep it on). */
export async function recordProviderCheck(
  db: DbOrTx,
  agencyId: string,
  provider: TProvider,
  check: { at: Date; ok: boolean; detail: string },
): Promise<void> {
  await db
    .update(agencyProviderSettings)
    .set({ lastCheckAt: check.at, lastCheckOk: check.ok, lastCheckDetail: check.detail })
    .where(and(eq(agencyProviderSettings.agencyId, agencyId), eq(agencyProviderSettings.provider, provider)));
}
