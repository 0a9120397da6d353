import type { TPlayerOrderEvent } from '@lc/shared/contracts/events';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { AppLayout } from '@/components/layout/app-layout';
import { NotFound } from '@/components/not-found';
import { playerInfoQueryOptions, usePlayerInfo } from '@/features/auth/api/get-player-info';
import { useLogout } from '@/features/auth/api/logout';
import { creditKeys } from '@/features/credit/api/credit-keys';
import { depositKeys } from '@/features/deposit/api/deposit-keys';
import { useFingerprintSync } from '@/features/fingerprint/hooks/use-fingerprint-sync';
import { promotionKeys } from '@/features/promotion/api/promotion-keys';
import { transferKeys } from '@/features/transfer/api/transfer-keys';
import { withdrawKeys } from '@/features/withdraw/api/withdraw-keys';
import { useOrderEventStream, useOrderEvents } from '@/lib/order-events';
import type { RouterContext } from '@/lib/router-context';

// Loaded on first open: the form library and its schema are not needed on the start-up path.
const ChangePasswordDialog = lazy(() =>
  import('@/features/auth/components/change-password-dialog').then((module) => ({
    default: module.ChangePasswordDialog,
  })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every navigation knows who is signed in; the answer is cached (player info, 5 min).
  beforeLoad: async ({ context }) => {
    const info = await context.queryClient.ensureQueryData(playerInfoQueryOptions());
    const player = info?.player ?? null;
    return { player, auth: { isAuthenticated: player !== null, player } };
  },
  component: RootComponent,
  notFoundComponent: NotFound,
});

function RootComponent() {
  const { agency } = Route.useRouteContext();
  const playerInfo = usePlayerInfo();
  const player = playerInfo.data?.player ?? null;
  const logout = useLogout();
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  useFingerprintSync(agency.id, player !== null);
  useLiveOrderRefresh(player !== null);

  return (
    <AppLayout
      agency={agency}
      player={player}
      onChangePassword={() => setIsChangingPassword(true)}
      onLogout={() => logout.mutate()}
    >
      <Outlet />
      {player && isChangingPassword ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog opened onClose={() => setIsChangingPassword(false)} agency={agency} />
        </Suspense>
      ) : null}
    </AppLayout>
  );
}

/**
 * One event stream per tab while signed in; an order's or a transfer's change refreshes what other screens
 * cache about it: histories, balances, the promotion in use, the open withdrawal. The open deposit is left to
 * the deposit page, which follows its own QR's order (re-reading it here would take the QR away before it
 * shows SUCCESS).
 */
function useLiveOrderRefresh(isSignedIn: boolean) {
  const queryClient = useQueryClient();
  useOrderEventStream(isSignedIn);
  useOrderEvents({
    onOrder: (event) => refreshAfter(queryClient, event),
    onResync: () => {
      for (const queryKey of [
        depositKeys.lists(),
        withdrawKeys.all,
        transferKeys.all,
        creditKeys.all,
        promotionKeys.all,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

function refreshAfter(queryClient: QueryClient, event: TPlayerOrderEvent) {
  let keys: ReadonlyArray<readonly unknown[]>;
  if (event.kind === 'deposit')
    keys = [depositKeys.lists(), ...(event.status === 'OPEN' ? [] : [creditKeys.all, promotionKeys.all])];
  // A transfer between providers (a PENDING one finished by the worker, or one made in another tab) moved
  // two balances; a promotion it settled is re-read too.
  else if (event.kind === 'transfer') keys = [transferKeys.all, creditKeys.all, promotionKeys.all];
  else keys = [withdrawKeys.all, creditKeys.all, promotionKeys.all];
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}
