import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { bankAccountsQueryOptions, useBankAccounts } from '@/features/bank/api/get-bank-accounts';
import { creditKeys } from '@/features/credit/api/credit-keys';
import { useCredits } from '@/features/credit/api/get-credit';
import { exchangeRatesQueryOptions } from '@/features/orders/api/get-exchange-rates';
import { currentUsageQueryOptions } from '@/features/promotion/api/get-current-usage';
import { localizedText } from '@/features/promotion/lib/promotion-terms';
import { openWithdrawalsQueryOptions } from '@/features/withdraw/api/get-open-withdrawals';
import type { ProviderBalances } from '@/features/withdraw/components/withdraw-form';
import { WithdrawPage } from '@/features/withdraw/components/withdraw-page';

export const Route = createFileRoute('/player/withdraw/')({
  staticData: { title: (t) => t('pages.withdraw.title') },
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
      queryClient.fetchQuery(openWithdrawalsQueryOptions()),
      queryClient.ensureQueryData(exchangeRatesQueryOptions()),
      // A promotion in use holds its game's credit until its target: the form says so (read on each visit).
      queryClient.fetchQuery(currentUsageQueryOptions()).catch(() => null),
    ]),
  component: WithdrawRoute,
});

function WithdrawRoute() {
  const { agency, queryClient } = Route.useRouteContext();
  const { data } = useBankAccounts();
  // The live balances (refetched on every visit) bound the credit and fill the "all" button.
  const { credits } = useCredits();
  const balances: ProviderBalances = Object.fromEntries(
    credits.map(({ provider, query }) => [
      provider,
      { amount: query?.data?.credit.amount, isFetching: query?.isFetching ?? false },
    ]),
  );
  const { i18n } = useTranslation();
  const usage = useQuery(currentUsageQueryOptions()).data?.usage;
  const promotion =
    usage?.status === 'USED' && usage.targetCredit !== null
      ? {
          provider: usage.provider,
          title: localizedText(usage.title, i18n.resolvedLanguage),
          target: usage.targetCredit,
        }
      : null;
  const refreshCredit = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: creditKeys.all }),
    [queryClient],
  );
  return (
    <WithdrawPage
      agency={agency}
      bankAccounts={data.playerAccounts}
      balances={balances}
      onCreditTaken={refreshCredit}
      promotion={promotion}
    />
  );
}
