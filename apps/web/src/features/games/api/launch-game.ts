import { type TLaunchGameResponse, ZLaunchGameResponse } from '@lc/shared/contracts/games';
import type { TProvider } from '@lc/shared/providers';
import { apiRequest } from '@lc/ui/api-client';
import { useMutation } from '@tanstack/react-query';

export function launchGame(provider: TProvider, gameCode: string): Promise<TLaunchGameResponse> {
  return apiRequest(`/v2/games/${provider}/launch`, {
    method: 'POST',
    body: { gameCode },
    schema: ZLaunchGameResponse,
  });
}

/** Asks the provider for a game URL; 403 GAME_NEEDS_DEPOSIT until the player's first successful deposit. */
export function useLaunchGame(provider: TProvider) {
  return useMutation({
    mutationFn: (gameCode: string) => launchGame(provider, gameCode),
    retry: false,
  });
}
