import type { TPromotionListResponse } from '@lc/shared/contracts/promotions';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { promotionKeys } from './promotion-keys';

export function getFirstDepositPromotions(signal?: AbortSignal): Promise<TPromotionListResponse> {
  return apiRequest<TPromotionListResponse>('/v2/players/promotions/first-deposit', { signal });
}

/**
 * The first-deposit promotions the player may still take: none once it (or its device) has deposited. Read
 * on each visit of the deposit page, where a first deposit starts (docs/decisions/0074).
 */
export function firstDepositPromotionsQueryOptions() {
  return queryOptions({
    queryKey: promotionKeys.firstDeposit(),
    queryFn: ({ signal }) => getFirstDepositPromotions(signal),
  });
}

/** Never suspends: the deposit form does not wait for the offer. */
export function useFirstDepositPromotions() {
  return useQuery(firstDepositPromotionsQueryOptions());
}
