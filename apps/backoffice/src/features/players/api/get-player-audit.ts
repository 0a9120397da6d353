import type { ZAuditResponse } from '@lc/shared/contracts/ops-audit';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { playerPartQueryOptions } from './player-part-query';

export type TAuditResponse = z.infer<typeof ZAuditResponse>;

/** What was done to or about the player (object player:<id>), newest first. */
export function playerAuditQueryOptions(id: string, page: number) {
  return playerPartQueryOptions<TAuditResponse>(id, 'audit', page);
}

export function usePlayerAudit(id: string, page: number) {
  return useQuery(playerAuditQueryOptions(id, page));
}
