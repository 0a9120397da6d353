import type { TOpsPlayerBalancesResponse } from '@lc/shared/contracts/ops-player-page';
import { useQuery } from '@tanstack/react-query';
import { playerPartQueryOptions } from './player-part-query';

/** Live balance at each provider where the player has a wallet (a provider down is an error on its row). */
export function playerBalancesQueryOptions(id: string) {
  return playerPartQueryOptions<TOpsPlayerBalancesResponse>(id, 'balances');
}

export function usePlayerBalances(id: string) {
  return useQuery(playerBalancesQueryOptions(id));
}
