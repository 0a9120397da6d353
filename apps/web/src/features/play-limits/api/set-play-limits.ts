import {
  type TPlayLimitsRequest,
  type TPlayLimitsResponse,
  ZPlayLimitsResponse,
} from '@lc/shared/contracts/play-limits';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playLimitsKeys } from './play-limits-keys';

export function setPlayLimits(body: TPlayLimitsRequest): Promise<TPlayLimitsResponse> {
  return apiRequest('/v2/players/limits', { method: 'PUT', body, schema: ZPlayLimitsResponse });
}

/** Saves the deposit limits; the answer (limits and pending) replaces the cached ones. */
export function useSetPlayLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlayLimits,
    retry: false,
    onSuccess: (data) => queryClient.setQueryData(playLimitsKeys.limits(), data),
  });
}
