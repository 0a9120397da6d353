import type { TProvider } from '@lc/shared/providers';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { agencies, agencyProviderSettings } from '../../db/schema/agency';
import { DEMO_AGENCY_CODE } from '../../modules/agency/seed-demo-agency';
import { sealCredentials } from '../../modules/provider-settings/provider-settings-repository';
import { FUNDTRANSFER_API_PATH, sandboxFundTransferCredentials } from './sandbox-operator';

const PROTOCOL = 'fundtransfer-v1';

/**
 * Sandbox seed (idempotent): the demo agency reaches `providers` (SANDBOX_FUNDTRANSFER_PROVIDERS, betflix by
 * default) through the built-in aggregator, as its own approved settings would, so the demo shows both
 * protocols at work. The URLs are paths, which only the sandbox resolves (on this process's address, at each
 * call). Settings someone changed are left alone; the seed's own row is sealed again, since its key and
 * secret derive from the sandbox secret (a new DATA_DIR has a new one).
 */
export async function seedDemoFundTransfer(app: FastifyInstance, providers: TProvider[]): Promise<void> {
  const box = app.secrets;
  if (providers.length === 0 || !box) return;
  const [demo] = await app.db
    .select({ id: agencies.id })
    .from(agencies)
    .where(eq(agencies.code, DEMO_AGENCY_CODE));
  if (!demo) return;
  for (const provider of providers) {
    const row = {
      agencyId: demo.id,
      provider,
      protocol: PROTOCOL,
      url: FUNDTRANSFER_API_PATH,
      credentialsSealed: sealCredentials(
        box,
        demo.id,
        provider,
        sandboxFundTransferCredentials(app, provider),
      ),
      enabled: true,
      updatedAt: app.now(),
    };
    const inserted = await app.db
      .insert(agencyProviderSettings)
      .values(row)
      .onConflictDoNothing()
      .returning({ provider: agencyProviderSettings.provider });
    if (inserted.length > 0) continue;
    await app.db
      .update(agencyProviderSettings)
      .set({ credentialsSealed: row.credentialsSealed, updatedAt: row.updatedAt })
      .where(
        and(
          eq(agencyProviderSettings.agencyId, demo.id),
          eq(agencyProviderSettings.provider, provider),
          eq(agencyProviderSettings.protocol, PROTOCOL),
          eq(agencyProviderSettings.url, FUNDTRANSFER_API_PATH),
        ),
      );
  }
}
