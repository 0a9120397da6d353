import type { TProvider } from '@lc/shared/providers';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback, useState } from 'react';
import { creditKeys } from '@/features/credit/api/credit-keys';
import { useCredits } from '@/features/credit/api/get-credit';
import { CreditPanel } from '@/features/credit/components/credit-panel';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import { LazyMoveCreditDialog, loadMoveCreditDialog } from '@/features/transfer/components/lazy-move-credit';
import type { TransferBalances } from '@/features/transfer/components/move-credit-dialog';

export const Route = createFileRoute('/player/')({
  staticData: { title: (t) => t('pages.dashboard.title') },
  component: PlayerDashboard,
});

/** A Move in progress: its source, and a number that mounts the dialog afresh for each Move pressed. */
type Moving = { from: TProvider; attempt: number };

function PlayerDashboard() {
  const { player } = Route.useRouteContext();
  const [moving, setMoving] = useState<Moving | null>(null);
  const [isMoveOpen, setIsMoveOpen] = useState(false);
  const startMove = useCallback((from: TProvider) => {
    setMoving((previous) => ({ from, attempt: (previous?.attempt ?? 0) + 1 }));
    setIsMoveOpen(true);
  }, []);
  return (
    <>
      <Dashboard
        player={player}
        creditPanel={<CreditPanel onMove={startMove} onMoveIntent={() => void loadMoveCreditDialog()} />}
      />
      {/* Stays mounted once opened, so it animates out; a new Move mounts a new one (key). */}
      {moving ? (
        <MoveCredit
          key={moving.attempt}
          from={moving.from}
          opened={isMoveOpen}
          onClose={() => setIsMoveOpen(false)}
        />
      ) : null}
    </>
  );
}

/** The Move dialog with the live balances (the credit feature's) and the agency's bounds of one transfer. */
function MoveCredit({ from, opened, onClose }: { from: TProvider; opened: boolean; onClose: () => void }) {
  const { agency, queryClient } = Route.useRouteContext();
  const { credits } = useCredits();
  const balances: TransferBalances = Object.fromEntries(
    credits.map(({ provider, query }) => [
      provider,
      { amount: query?.data?.credit.amount, isFetching: query?.isFetching ?? false },
    ]),
  );
  const { transferMin, transferMax } = agency.limits;
  // Moving or refused, the five balances are read again (a refusal for want of credit: the shown one was old).
  const refreshCredits = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: creditKeys.all }),
    [queryClient],
  );
  return (
    <Suspense fallback={null}>
      <LazyMoveCreditDialog
        opened={opened}
        from={from}
        balances={balances}
        limits={transferMin && transferMax ? { min: transferMin, max: transferMax } : null}
        onClose={onClose}
        onCreditMoved={refreshCredits}
      />
    </Suspense>
  );
}
