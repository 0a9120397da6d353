import { createFileRoute, notFound } from '@tanstack/react-router';
import { useCallback } from 'react';
import { bankAccountsQueryOptions, useBankAccounts } from '@/features/bank/api/get-bank-accounts';
import { creditKeys } from '@/features/credit/api/credit-keys';
import { depositKeys } from '@/features/deposit/api/deposit-keys';
import { backlistQueryOptions } from '@/features/promotion/api/get-backlist';
import { currentUsageQueryOptions } from '@/features/promotion/api/get-current-usage';
import { ensurePromotionFromList } from '@/features/promotion/api/get-promotion';
import { PromotionDetail } from '@/features/promotion/components/promotion-detail';
import { textParam } from '@/lib/search-params';

export const Route = createFileRoute('/player/promotion/$promotionId')({
  staticData: { title: (t) => t('pages.promotionDetail.title') },
  params: {
    parse: ({ promotionId }) => {
      const id = textParam(promotionId);
      if (id === undefined) throw notFound();
      return { promotionId: id };
    },
    stringify: ({ promotionId }) => ({ promotionId }),
  },
  codeSplitGroupings: [['loader', 'component']],
  // Spec: the promotion list is prefetched before the detail opens; an id it does not hold is the 404 page.
  loader: async ({ context: { queryClient }, params: { promotionId } }) => {
    const [promotion] = await Promise.all([
      ensurePromotionFromList(queryClient, promotionId),
      queryClient.fetchQuery(currentUsageQueryOptions()),
      queryClient.ensureQueryData(backlistQueryOptions()),
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
    ]);
    if (!promotion) throw notFound();
  },
  component: PromotionDetailRoute,
});

function PromotionDetailRoute() {
  const { promotionId } = Route.useParams();
  const { queryClient, agency } = Route.useRouteContext();
  const { data } = useBankAccounts();
  // A usage taken, cancelled or rechecked changes balances (a cancel takes the bonus back) and the deposit form.
  const refreshOthers = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: creditKeys.all });
    void queryClient.invalidateQueries({ queryKey: depositKeys.all });
  }, [queryClient]);
  return (
    <PromotionDetail
      promotionId={promotionId}
      hasBankAccount={data.playerAccounts.length > 0}
      onUsageChanged={refreshOthers}
      threshold={agency.limits.promotionCreditThreshold}
    />
  );
}
