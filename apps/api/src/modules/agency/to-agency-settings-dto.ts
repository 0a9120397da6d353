import type { TAgencySettings } from '@lc/shared/contracts/ops-agency';
import { formatMinor } from '@lc/shared/money';
import type { AgencyRow } from '../../db/schema/agency';

/**
 * The agency's brand and limits as `settings/agency` answers them and the audit log records them (decision
 * 0069): `promotionCreditBelow` is the stored promotion threshold, `creditBelow` null when there is no such rule.
 */
export function toAgencySettingsDto(row: AgencyRow): TAgencySettings {
  return {
    name: row.name,
    logoUrl: row.logoUrl,
    social: row.social,
    contacts: { phone: row.contactPhone, email: row.contactEmail },
    theme: { primaryColor: row.themePrimaryColor },
    languages: row.languages,
    acceptedBanks: row.acceptedBanks,
    limits: {
      depositMin: formatMinor(row.depositMinLak, 'LAK'),
      depositMax: formatMinor(row.depositMaxLak, 'LAK'),
      withdrawMin: formatMinor(row.withdrawMinSatang, 'THB'),
      withdrawMax: formatMinor(row.withdrawMaxSatang, 'THB'),
      transferMin: formatMinor(row.transferMinSatang, 'THB'),
      transferMax: formatMinor(row.transferMaxSatang, 'THB'),
      creditBelow: row.creditBelowSatang === null ? null : formatMinor(row.creditBelowSatang, 'THB'),
      promotionCreditBelow: formatMinor(row.promotionThresholdSatang, 'THB'),
      approvalThreshold: formatMinor(row.approvalThresholdSatang, 'THB'),
    },
  };
}
