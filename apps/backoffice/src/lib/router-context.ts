import type { TStaff } from '@lc/shared/contracts/ops-staff';
import type { QueryClient } from '@tanstack/react-query';

/** What every route sees in `context`: the query client, and the signed-in staff member below the console. */
export type RouterContext = { queryClient: QueryClient; staff?: TStaff };
