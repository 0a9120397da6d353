import { isProvider } from '@lc/shared/providers';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { agencyProviderSettings } from '../../db/schema/agency';
import { approvals } from '../../db/schema/approvals';
import { AppError } from '../../lib/app-error';
import { credentialsPurpose } from './provider-settings-repository';

/**
 * The rotation step (docs/go-live.md, *Rotate SECRETS_KEY*): with the new key as SECRETS_KEY and the old one as
 * SECRETS_KEY_PREVIOUS, every sealed credential not under the new key — agencies' provider settings and the
 * ones waiting in PENDING requests — is opened and sealed again, each row under its lock. Answers how many
 * were sealed again and how many do not open (sealed under a key neither current nor previous): once that is
 * 0, SECRETS_KEY_PREVIOUS can go.
 */
export async function resealSecrets(app: FastifyInstance): Promise<{ resealed: number; unreadable: number }> {
  const box = app.secrets;
  if (!box) throw new AppError(503, 'SECRETS_KEY_MISSING', 'Set SECRETS_KEY first');
  let resealed = 0;
  let unreadable = 0;
  const settings = await app.db
    .select({ agencyId: agencyProviderSettings.agencyId, provider: agencyProviderSettings.provider })
    .from(agencyProviderSettings);
  for (const { agencyId, provider } of settings) {
    await app.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(agencyProviderSettings)
        .where(
          and(eq(agencyProviderSettings.agencyId, agencyId), eq(agencyProviderSettings.provider, provider)),
        )
        .for('update');
      if (!row || box.isCurrent(row.credentialsSealed)) return;
      const purpose = credentialsPurpose(agencyId, provider);
      let plaintext: string;
      try {
        plaintext = box.open(row.credentialsSealed, purpose);
      } catch {
        unreadable += 1;
        return;
      }
      await tx
        .update(agencyProviderSettings)
        .set({ credentialsSealed: box.seal(plaintext, purpose) })
        .where(
          and(eq(agencyProviderSettings.agencyId, agencyId), eq(agencyProviderSettings.provider, provider)),
        );
      resealed += 1;
    });
  }
  const pending = await app.db
    .select({ id: approvals.id })
    .from(approvals)
    .where(and(eq(approvals.kind, 'PROVIDER_SETTINGS'), eq(approvals.status, 'PENDING')));
  for (const { id } of pending) {
    await app.db.transaction(async (tx) => {
      const [row] = await tx.select().from(approvals).where(eq(approvals.id, id)).for('update');
      const sealed = row?.payload.credentials;
      const provider = row?.payload.provider;
      if (row?.status !== 'PENDING' || !sealed || !provider || !isProvider(provider)) return;
      if (box.isCurrent(sealed)) return;
      const purpose = credentialsPurpose(row.agencyId, provider);
      let plaintext: string;
      try {
        plaintext = box.open(sealed, purpose);
      } catch {
        unreadable += 1;
        return;
      }
      const payload = { ...row.payload, credentials: box.seal(plaintext, purpose) };
      await tx.update(approvals).set({ payload }).where(eq(approvals.id, id));
      resealed += 1;
    });
  }
  return { resealed, unreadable };
}
