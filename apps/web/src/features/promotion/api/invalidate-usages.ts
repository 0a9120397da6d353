import type { QueryClient } from '@tanstack/react-query';
import { promotionKeys } from './promotion-keys';

/**
 * After use, cancel or recheck: the current usage and the usage history are re-read. Called when the call
 * settles, failures included: a refusal such as PROMOTION_ONE_AT_A_TIME means this tab's view was stale.
 */
export function invalidateUsages(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: promotionKeys.current() }),
    queryClient.invalidateQueries({ queryKey: promotionKeys.usagesAll() }),
  ]);
}
