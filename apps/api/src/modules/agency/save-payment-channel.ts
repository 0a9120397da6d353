import { type TPaymentChannelSettings, ZPaymentChannelSettings } from '@lc/shared/contracts/payment-channels';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { agencies } from '../../db/schema/agency';
import { AppError } from '../../lib/app-error';
import { type AuditScope, recordAudit } from '../ops/record-audit';

/** The agency's channels as ops see them; one saved before QR settings existed shows only what it has. */
export async function listPaymentChannels(db: DbOrTx, agencyId: string): Promise<TPaymentChannelSettings[]> {
  const [agency] = await db
    .select({ paymentChannels: agencies.paymentChannels })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  // A channel lacking settings cannot be shown as complete: ops see it only once they set it again.
  return (agency?.paymentChannels ?? []).flatMap((channel) => {
    const parsed = ZPaymentChannelSettings.safeParse(channel);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Creates or replaces one payment channel (by code) under the agency's row lock, audited with its before
 * and after. A MID already used by another channel → 400 VALIDATION_ERROR (deposits name their channel by
 * MID).
 */
export async function savePaymentChannel(
  app: FastifyInstance,
  input: { agencyId: string; channel: TPaymentChannelSettings; actor: string; scope: AuditScope },
): Promise<TPaymentChannelSettings[]> {
  const now = app.now();
  await app.db.transaction(async (tx) => {
    const [agency] = await tx.select().from(agencies).where(eq(agencies.id, input.agencyId)).for('update');
    if (!agency) throw new AppError(404, 'AGENCY_NOT_FOUND', 'No such agency');
    const { channel } = input;
    if (agency.paymentChannels.some((c) => c.mid === channel.mid && c.code !== channel.code)) {
      throw new AppError(400, 'VALIDATION_ERROR', 'Another channel has this MID', { mid: 'INVALID' });
    }
    const before = agency.paymentChannels.find((c) => c.code === channel.code) ?? null;
    const channels = before
      ? agency.paymentChannels.map((c) => (c.code === channel.code ? channel : c))
      : [...agency.paymentChannels, channel];
    await tx.update(agencies).set({ paymentChannels: channels }).where(eq(agencies.id, agency.id));
    await recordAudit(tx, {
      actor: input.actor,
      scope: input.scope,
      action: 'payment-channel.save',
      target: `payment-channel:${channel.code}`,
      details: { before, after: channel },
      at: now,
    });
  });
  return listPaymentChannels(app.db, input.agencyId);
}
