import type { TSelfExclusionRequest, TTimeOutRequest } from '@lc/shared/contracts/play-limits';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerKeys } from '@/features/auth/api/player-keys';

/** A time-out (days) or a self-exclusion (months): the two share everything but their path and body. */
export type RestrictPlayInput =
  | ({ kind: 'TIME_OUT' } & TTimeOutRequest)
  | ({ kind: 'SELF_EXCLUSION' } & TSelfExclusionRequest);

export function restrictPlay(input: RestrictPlayInput): Promise<void> {
  return input.kind === 'TIME_OUT'
    ? apiRequest('/v2/players/time-out', { method: 'POST', body: { days: input.days } })
    : apiRequest('/v2/players/self-exclusion', { method: 'POST', body: { months: input.months } });
}

/** Starts a time-out or self-exclusion; the player's info (which carries `restriction`) refreshes. */
export function useRestrictPlay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restrictPlay,
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: playerKeys.info() }),
  });
}
