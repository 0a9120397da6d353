import type { TAgency } from '@lc/shared/contracts/agency';
import type { TPlayer } from '@lc/shared/contracts/players';
import type { QueryClient } from '@tanstack/react-query';

export type AuthState = { isAuthenticated: boolean; player: TPlayer | null };

/** What every route sees in `context`: the query client, the agency (loaded before render) and auth. */
export type RouterContext = {
  queryClient: QueryClient;
  agency: TAgency;
  auth: AuthState;
};
