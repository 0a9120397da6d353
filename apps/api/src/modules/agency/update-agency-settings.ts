import type { TAgencySettingsChange, ZPutAgencyRequest } from '@lc/shared/contracts/ops-agency';
import { parseMoney } from '@lc/shared/money';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type AgencyRow, agencies } from '../../db/schema/agency';
import { AppError } from '../../lib/app-error';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { toAgencySettingsDto } from './to-agency-settings-dto';

/**
 * What an admin changes through either settings route (decision 0069): `settings/agency`'s body as validated.
 * The first route, `agency`, carries no brand colour, accepted banks nor `creditBelow`: absent, they keep their
 * stored values, as do contacts, the four-eyes threshold and the transfer limits when a route leaves them out.
 */
export type AgencySettingsChange = Omit<TAgencySettingsChange, 'theme' | 'acceptedBanks' | 'limits'> &
  Partial<Pick<TAgencySettingsChange, 'theme' | 'acceptedBanks'>> & {
    limits: Omit<TAgencySettingsChange['limits'], 'creditBelow'> & { creditBelow?: string | null };
  };

/** PUT /api/ops/v1/agency's body as a change: its `promotionCreditThreshold` is `promotionCreditBelow`. */
export function changeOfAgencyRequest(body: z.output<typeof ZPutAgencyRequest>): AgencySettingsChange {
  const { promotionCreditThreshold, ...limits } = body.limits;
  return { ...body, limits: { ...limits, promotionCreditBelow: promotionCreditThreshold } };
}

/**
 * Replaces the agency's editable settings (both PUT /api/ops/v1/agency and PUT /api/ops/v1/settings/agency)
 * and audits them with the values before and after, in one transaction: no change without its trail, and a
 * change refused by its schema never reaches here, so nothing is saved by half. The row is locked so two admins
 * saving at once each record the true "before". Answers the stored row; each route answers its own shape.
 */
export async function updateAgencySettings(
  db: Db,
  input: { agencyId: string; change: AgencySettingsChange; actor: string; scope: AuditScope; now: Date },
): Promise<AgencyRow> {
  const { change: c } = input;
  const { limits } = c;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(agencies).where(eq(agencies.id, input.agencyId)).for('update');
    if (!before) throw new AppError(404, 'AGENCY_NOT_FOUND', 'Agency not found');
    // Either transfer limit may be left out (it keeps its stored value): the pair is checked as it will be.
    const transferMin =
      limits.transferMin !== undefined ? parseMoney(limits.transferMin, 'THB') : before.transferMinSatang;
    const transferMax =
      limits.transferMax !== undefined ? parseMoney(limits.transferMax, 'THB') : before.transferMaxSatang;
    if (transferMax < transferMin) {
      const field = limits.transferMax !== undefined ? 'limits.transferMax' : 'limits.transferMin';
      throw new AppError(400, 'VALIDATION_ERROR', 'The transfer minimum is above its maximum', {
        [field]: 'INVALID',
      });
    }
    const [after] = await tx
      .update(agencies)
      .set({
        name: c.name,
        social: c.social,
        ...(c.contacts
          ? { contactPhone: c.contacts.phone || null, contactEmail: c.contacts.email || null }
          : {}),
        ...(c.theme ? { themePrimaryColor: c.theme.primaryColor } : {}),
        languages: c.languages,
        ...(c.acceptedBanks ? { acceptedBanks: c.acceptedBanks } : {}),
        depositMinLak: parseMoney(limits.depositMin, 'LAK'),
        depositMaxLak: parseMoney(limits.depositMax, 'LAK'),
        withdrawMinSatang: parseMoney(limits.withdrawMin, 'THB'),
        withdrawMaxSatang: parseMoney(limits.withdrawMax, 'THB'),
        transferMinSatang: transferMin,
        transferMaxSatang: transferMax,
        promotionThresholdSatang: parseMoney(limits.promotionCreditBelow, 'THB'),
        ...(limits.creditBelow !== undefined
          ? { creditBelowSatang: limits.creditBelow === null ? null : parseMoney(limits.creditBelow, 'THB') }
          : {}),
        ...(limits.approvalThreshold !== undefined
          ? { approvalThresholdSatang: parseMoney(limits.approvalThreshold, 'THB') }
          : {}),
      })
      .where(eq(agencies.id, input.agencyId))
      .returning();
    if (!after) throw new Error('agency update returned nothing');
    await recordAudit(tx, {
      actor: input.actor,
      scope: input.scope,
      action: 'agency.update',
      target: `agency:${after.id}`,
      before: toAgencySettingsDto(before),
      after: toAgencySettingsDto(after),
      at: input.now,
    });
    return after;
  });
}
