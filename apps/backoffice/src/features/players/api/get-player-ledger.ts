import type { TOpsLedgerResponse } from '@lc/shared/contracts/ops-player-page';
import { useQuery } from '@tanstack/react-query';
import { playerPartQueryOptions } from './player-part-query';

/** The player's ledger transactions with every entry, newest first. */
export function playerLedgerQueryOptions(id: string, page: number) {
  return playerPartQueryOptions<TOpsLedgerResponse>(id, 'ledger', page);
}

export function usePlayerLedger(id: string, page: number) {
  return useQuery(playerLedgerQueryOptions(id, page));
}
