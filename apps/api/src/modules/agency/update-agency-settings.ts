import type { TOpsAgency, TPutAgencyRequest } from '@lc/shared/contracts/ops-agency';
import { parseMoney } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agencies } from '../../db/schema/agency';
import { AppError } from '../../lib/app-error';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { toOpsAgencyDto } from './to-ops-agency-dto';

/**
 * Replaces the agency's editable settings (PUT /api/ops/v1/agency) and audits them with the values before
 * and after, in one transaction: no change without its trail. The row is locked so two admins saving at once
 * each record the true "before".
 */
export async function updateAgencySettings(
  db: Db,
  input: { agencyId: string; settings: TPutAgencyRequest; actor: string; scope: AuditScope; now: Date },
): Promise<TOpsAgency> {
  const { settings: s } = input;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(agencies).where(eq(agencies.id, input.agencyId)).for('update');
    if (!before) throw new AppError(404, 'AGENCY_NOT_FOUND', 'Agency not found');
    const [after] = await tx
      .update(agencies)
      .set({
        name: s.name,
        logoUrl: s.logoUrl,
        social: s.social,
        contactPhone: s.contacts.phone || null,
        contactEmail: s.contacts.email || null,
        languages: s.languages,
        depositMinLak: parseMoney(s.limits.depositMin, 'LAK'),
        depositMaxLak: parseMoney(s.limits.depositMax, 'LAK'),
        withdrawMinSatang: parseMoney(s.limits.withdrawMin, 'THB'),
        withdrawMaxSatang: parseMoney(s.limits.withdrawMax, 'THB'),
        promotionThresholdSatang: parseMoney(s.limits.promotionCreditThreshold, 'THB'),
        approvalThresholdSatang: parseMoney(s.limits.approvalThreshold, 'THB'),
      })
      .where(eq(agencies.id, input.agencyId))
      .returning();
    if (!after) throw new Error('agency update returned nothing');
    const dto = toOpsAgencyDto(after);
    await recordAudit(tx, {
      actor: input.actor,
      scope: input.scope,
      action: 'agency.update',
      target: `agency:${after.id}`,
      before: toOpsAgencyDto(before),
      after: dto,
      at: input.now,
    });
    return dto;
  });
}
