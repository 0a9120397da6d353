import type { TAgency } from '@lc/shared/contracts/agency';
import { formatMinor } from '@lc/shared/money';
import type { AgencyRow } from '../../db/schema/agency';

/** The public allowlist of an agency row (api.md `agency`). */
export function toAgencyDto(row: AgencyRow): TAgency {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    logoUrl: row.logoUrl,
    social: row.social,
    contacts: { phone: row.contactPhone, email: row.contactEmail },
    theme: { primaryColor: row.themePrimaryColor },
    languages: row.languages,
    acceptedBanks: row.acceptedBanks,
    // Allowlisted: the stored channel also holds its receiving account (server-side only).
    paymentChannels: row.paymentChannels.map(({ code, mid, displayName, currency }) => ({
      code,
      mid,
      displayName,
      currency,
    })),
    limits: {
      depositMin: formatMinor(row.depositMinLak, 'LAK'),
      depositMax: formatMinor(row.depositMaxLak, 'LAK'),
      withdrawMin: formatMinor(row.withdrawMinSatang, 'THB'),
      withdrawMax: formatMinor(row.withdrawMaxSatang, 'THB'),
      transferMin: formatMinor(row.transferMinSatang, 'THB'),
      transferMax: formatMinor(row.transferMaxSatang, 'THB'),
      promotionCreditThreshold: formatMinor(row.promotionThresholdSatang, 'THB'),
      creditBelow: row.creditBelowSatang === null ? null : formatMinor(row.creditBelowSatang, 'THB'),
    },
    isSandbox: row.isSandbox,
  };
}
