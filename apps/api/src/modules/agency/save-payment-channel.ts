import { type TPaymentChannelSettings, ZPaymentChannelSettings } from '@lc/shared/contracts/payment-channels';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DbOrTx, isUniqueViolation } from '../../db/client';
import { agencies, type PaymentChannelSettings } from '../../db/schema/agency';
import type { ApprovalRow } from '../../db/schema/approvals';
import { AppError } from '../../lib/app-error';
import type { OpsActor } from '../../plugins/ops-auth';
import { findPendingApproval } from '../approvals/find-pending-approval';
import { requestApproval } from '../approvals/request-approval';
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

const channelSubject = (code: string): string => `channel:${code}`;

/** A MID names one channel: deposits choose their channel by it. */
function assertMidFree(channels: PaymentChannelSettings[], channel: TPaymentChannelSettings): void {
  if (channels.some((c) => c.mid === channel.mid && c.code !== channel.code)) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Another channel has this MID', { mid: 'INVALID' });
  }
}

/**
 * PUT agency/payment-channels/{code}: where players' deposits go is a money setting (go-live), so creating or
 * replacing a channel files a CHANNEL_SETTINGS request that a second admin approves (applyPaymentChannel); one
 * waits per channel (409 APPROVAL_PENDING). A MID another channel has is refused now, and again on approval.
 */
export async function requestPaymentChannel(
  app: FastifyInstance,
  input: { agencyId: string; channel: TPaymentChannelSettings; caller: OpsActor; scope: AuditScope },
): Promise<ApprovalRow> {
  const { channel } = input;
  try {
    return await app.db.transaction(async (tx) => {
      const [agency] = await tx.select().from(agencies).where(eq(agencies.id, input.agencyId));
      if (!agency) throw new AppError(404, 'AGENCY_NOT_FOUND', 'No such agency');
      assertMidFree(agency.paymentChannels, channel);
      if (await findPendingApproval(tx, input.agencyId, channelSubject(channel.code)))
        throw channelPending(channel.code);
      return requestApproval(tx, {
        agencyId: input.agencyId,
        kind: 'CHANNEL_SETTINGS',
        payload: Object.fromEntries(Object.entries(channel).map(([k, v]) => [k, String(v)])),
        reason: `Payment channel ${channel.code}: ${channel.displayName} (${channel.mid}, ${channel.mode})`,
        subject: channelSubject(channel.code),
        caller: input.caller,
        scope: input.scope,
        now: app.now(),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw channelPending(channel.code);
    throw error;
  }
}

const channelPending = (code: string): AppError =>
  new AppError(409, 'APPROVAL_PENDING', `Channel ${code} waits for approval`);

/**
 * An approved CHANNEL_SETTINGS request, in the decision's transaction: the channel becomes exactly what was
 * asked, under the agency's row lock, audited with its before and after. The caller forgets the cached agency
 * after the commit, so the next deposit uses it.
 */
export async function applyPaymentChannel(
  tx: DbOrTx,
  row: ApprovalRow,
  input: { actor: string; scope: AuditScope; now: Date },
): Promise<Record<string, string>> {
  const channel = ZPaymentChannelSettings.parse(row.payload);
  const [agency] = await tx.select().from(agencies).where(eq(agencies.id, row.agencyId)).for('update');
  if (!agency) throw new AppError(404, 'AGENCY_NOT_FOUND', 'No such agency');
  assertMidFree(agency.paymentChannels, channel);
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
    details: { before, after: channel, approval: row.id, requestedBy: row.requestedBy },
    at: input.now,
  });
  return { channel: channel.code, mid: channel.mid };
}
