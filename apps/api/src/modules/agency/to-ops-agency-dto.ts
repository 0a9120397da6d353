import type { TOpsAgency } from '@lc/shared/contracts/ops-agency';
import { formatMinor } from '@lc/shared/money';
import type { AgencyRow } from '../../db/schema/agency';
import { toAgencyDto } from './to-agency-dto';

/** The agency as its staff see it: the public allowlist plus the four-eyes threshold. */
export function toOpsAgencyDto(row: AgencyRow): TOpsAgency {
  const agency = toAgencyDto(row);
  return {
    ...agency,
    limits: { ...agency.limits, approvalThreshold: formatMinor(row.approvalThresholdSatang, 'THB') },
  };
}
