import { type TUsernameValidateResponse, ZUsernameValidateResponse } from '@lc/shared/contracts/players';
import { apiRequest } from '@lc/ui/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerKeys } from './player-keys';

export function validateUsername(username: string, signal?: AbortSignal): Promise<TUsernameValidateResponse> {
  return apiRequest('/v2/players/username/validate', {
    method: 'POST',
    body: { username },
    schema: ZUsernameValidateResponse,
    signal,
  });
}

export function usernameCheckQueryOptions(username: string) {
  return queryOptions({
    queryKey: playerKeys.usernameCheck(username),
    queryFn: ({ signal }) => validateUsername(username, signal),
    staleTime: 30_000,
    retry: false,
  });
}

/** Live uniqueness check; pass the debounced, locally valid username or `null` to stay idle. */
export function useUsernameCheck(username: string | null) {
  return useQuery({ ...usernameCheckQueryOptions(username ?? ''), enabled: username !== null });
}
