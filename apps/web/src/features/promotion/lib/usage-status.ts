import { type TPromotionUsage, type TUsageStatus, USAGE_STATUSES } from '@lc/shared/contracts/promotions';

/** Chip colour of a usage status: waiting for the deposit blue, in use gold, ended grey, the two outcomes. */
export type UsageStatusColor = 'blue' | 'yellow' | 'green' | 'gray' | 'red';

const COLORS: Record<TUsageStatus, UsageStatusColor> = {
  ACTIVE: 'blue',
  USED: 'yellow',
  SUCCESS: 'green',
  INACTIVE: 'gray',
  CANCELED: 'red',
};

export function isUsageStatus(value: string): value is TUsageStatus {
  return (USAGE_STATUSES as readonly string[]).includes(value);
}

/** The chip colour of any status string; an unknown value shows grey. */
export function usageStatusColor(status: string): UsageStatusColor {
  return isUsageStatus(status) ? COLORS[status] : 'gray';
}

/** The label key: `promotion.status.USED` reads "in use" (spec); unknown → the orders' `status.UNKNOWN`. */
export function usageStatusLabelKey(status: string): string {
  return isUsageStatus(status) ? `promotion.status.${status}` : 'status.UNKNOWN';
}

/** True for the usage that holds the player's one promotion slot: taken (ACTIVE) or credited (USED). */
export function isLiveUsage(usage: Pick<TPromotionUsage, 'status'> | null | undefined): boolean {
  return usage?.status === 'ACTIVE' || usage?.status === 'USED';
}
