import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { bankAccountsQueryOptions, useBankAccounts } from '@/features/bank/api/get-bank-accounts';
import { creditKeys } from '@/features/credit/api/credit-keys';
import { depositKeys } from '@/features/deposit/api/deposit-keys';
import { backlistQueryOptions } from '@/features/promotion/api/get-backlist';
import { currentUsageQueryOptions } from '@/features/promotion/api/get-current-usage';
import { promotionsQueryOptions } from '@/features/promotion/api/get-promotions';
import { PromotionPage } from '@/features/promotion/components/promotion-page';

export const Route = createFileRoute('/player/promotion/')({
  staticData: { title: (t) => t('pages.promotion.title') },
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(promotionsQueryOptions()),
      // The usage in use moves with deposits and withdrawals: always re-read on entry.
      queryClient.fetchQuery(currentUsageQueryOptions()),
      queryClient.ensureQueryData(backlistQueryOptions()),
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
    ]),
  component: PromotionRoute,
});

function PromotionRoute() {
  const { queryClient, agency } = Route.useRouteContext();
  const { data } = useBankAccounts();
  // A usage taken, cancelled or rechecked changes balances (a cancel takes the bonus back) and the deposit form.
  const refreshOthers = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: creditKeys.all });
    void queryClient.invalidateQueries({ queryKey: depositKeys.all });
  }, [queryClient]);
  return (
    <PromotionPage
      hasBankAccount={data.playerAccounts.length > 0}
      onUsageChanged={refreshOthers}
      threshold={agency.limits.promotionCreditThreshold}
    />
  );
}
