import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { bankAccountsQueryOptions, useBankAccounts } from '@/features/bank/api/get-bank-accounts';
import { creditKeys } from '@/features/credit/api/get-credit';
import { depositLaoQrQueryOptions } from '@/features/deposit/api/get-deposit-laoqr';
import { openDepositsQueryOptions } from '@/features/deposit/api/get-open-deposits';
import { DepositPage } from '@/features/deposit/components/deposit-page';
import { exchangeRatesQueryOptions } from '@/features/orders/api/get-exchange-rates';
import { currentUsageQueryOptions, useCurrentUsage } from '@/features/promotion/api/get-current-usage';
import { promotionKeys } from '@/features/promotion/api/promotion-keys';

export const Route = createFileRoute('/player/deposit/')({
  // The loader and the QR library stay in this route's lazy chunk, not the start-up bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const [, open] = await Promise.all([
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
      queryClient.fetchQuery(openDepositsQueryOptions()),
      queryClient.ensureQueryData(exchangeRatesQueryOptions()),
      // The promotion in use locks the amount: read on every entry, as the open deposit.
      queryClient.fetchQuery(currentUsageQueryOptions()),
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
  const { data: current } = useCurrentUsage();
  // A credited deposit changes the balances the credit feature caches and may put the promotion in use.
  const refreshCredit = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: creditKeys.all });
    void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
  }, [queryClient]);
  return (
    <DepositPage
      agency={agency}
      bankAccounts={data.playerAccounts}
      onCredited={refreshCredit}
      promotionUsage={current.usage}
    />
  );
}
