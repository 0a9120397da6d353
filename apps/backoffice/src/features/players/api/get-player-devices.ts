import type { TOpsPlayerDevicesResponse } from '@lc/shared/contracts/ops-player-page';
import { useQuery } from '@tanstack/react-query';
import { playerPartQueryOptions } from './player-part-query';

/** The player's devices, each with the other players seen on it. */
export function playerDevicesQueryOptions(id: string) {
  return playerPartQueryOptions<TOpsPlayerDevicesResponse>(id, 'devices');
}

export function usePlayerDevices(id: string) {
  return useQuery(playerDevicesQueryOptions(id));
}
