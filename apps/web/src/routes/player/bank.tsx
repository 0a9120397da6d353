import { createFileRoute } from '@tanstack/react-router';
import { playerInfoQueryOptions } from '@/features/auth/api/get-player-info';
import { bankAccountsQueryOptions } from '@/features/bank/api/get-bank-accounts';
import { banksQueryOptions } from '@/features/bank/api/get-banks';
import { BankPage } from '@/features/bank/components/bank-page';

export const Route = createFileRoute('/player/bank')({
  staticData: { title: (t) => t('pages.bank.title') },
  // The loader parses answers with the shared schemas: it goes in the lazy chunk, not the start-up bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
      queryClient.ensureQueryData(banksQueryOptions()),
    ]),
  component: BankRoute,
});

function BankRoute() {
  const { queryClient } = Route.useRouteContext();
  // Player info carries the bank accounts too (api.md), so it is refreshed after a save.
  return (
    <BankPage
      onSaved={() => void queryClient.invalidateQueries({ queryKey: playerInfoQueryOptions().queryKey })}
    />
  );
}
