import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { bankAccountsQueryOptions, useBankAccounts } from '@/features/bank/api/get-bank-accounts';
import { creditKeys } from '@/features/credit/api/get-credit';
import { depositLaoQrQueryOptions } from '@/features/deposit/api/get-deposit-laoqr';
import { openDepositsQueryOptions } from '@/features/deposit/api/get-open-deposits';
import { DepositPage } from '@/features/deposit/components/deposit-page';
import { exchangeRatesQueryOptions } from '@/features/orders/api/get-exchange-rates';

export const Route = createFileRoute('/player/deposit/')({
  // The loader and the QR library stay in this route's lazy chunk, not the start-up bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const [, open] = await Promise.all([
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
      queryClient.fetchQuery(openDepositsQueryOptions()),
      queryClient.ensureQueryData(exchangeRatesQueryOptions()),
    ]);
    // An open deposit goes straight to its QR: fetch it with the page.
    const code = open.orders[0]?.code;
    if (code) await queryClient.ensureQueryData(depositLaoQrQueryOptions(code));
  },
  component: DepositRoute,
});

function DepositRoute() {
  const { agency, queryClient } = Route.useRouteContext();
  const { data } = useBankAccounts();
  // A credited deposit changes the balances the credit feature caches.
  const refreshCredit = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: creditKeys.all }),
    [queryClient],
  );
  return <DepositPage agency={agency} bankAccounts={data.playerAccounts} onCredited={refreshCredit} />;
}
