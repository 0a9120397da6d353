import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { bankAccountsQueryOptions, useBankAccounts } from '@/features/bank/api/get-bank-accounts';
import { creditKeys } from '@/features/credit/api/credit-keys';
import { depositLaoQrQueryOptions } from '@/features/deposit/api/get-deposit-laoqr';
import { openDepositsQueryOptions } from '@/features/deposit/api/get-open-deposits';
import { DepositPage } from '@/features/deposit/components/deposit-page';
import { exchangeRatesQueryOptions } from '@/features/orders/api/get-exchange-rates';
import { backlistQueryOptions } from '@/features/promotion/api/get-backlist';
import { currentUsageQueryOptions, useCurrentUsage } from '@/features/promotion/api/get-current-usage';
import { firstDepositPromotionsQueryOptions } from '@/features/promotion/api/get-first-deposit-promotions';
import { ensurePromotionFromList, promotionQueryOptions } from '@/features/promotion/api/get-promotion';
import { promotionKeys } from '@/features/promotion/api/promotion-keys';
import { WelcomeOffer } from '@/features/promotion/components/welcome-offer';

export const Route = createFileRoute('/player/deposit/')({
  staticData: { title: (t) => t('pages.deposit.title') },
  // The loader and the QR library stay in this route's lazy chunk, not the start-up bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const [, open, , current] = await Promise.all([
      queryClient.ensureQueryData(bankAccountsQueryOptions()),
      queryClient.fetchQuery(openDepositsQueryOptions()),
      queryClient.ensureQueryData(exchangeRatesQueryOptions()),
      // The promotion in use locks the amount: read on every entry, as the open deposit.
      queryClient.fetchQuery(currentUsageQueryOptions()),
      // A first deposit is offered its welcome promotion (the form works without the offer). Whether the
      // player is barred from promotions is read with it, so the offer never appears late above the form
      // and pushes it down.
      queryClient.fetchQuery(firstDepositPromotionsQueryOptions()).catch(() => null),
      queryClient.ensureQueryData(backlistQueryOptions()).catch(() => null),
    ]);
    // An open deposit goes straight to its QR: fetch it with the page.
    const code = open.orders[0]?.code;
    if (code) await queryClient.ensureQueryData(depositLaoQrQueryOptions(code));
    // A promotion waiting for its deposit: its bonus terms let the form show the credit with the bonus.
    if (current.usage?.status === 'ACTIVE') {
      await ensurePromotionFromList(queryClient, current.usage.promotionId).catch(() => null);
    }
  },
  component: DepositRoute,
});

function DepositRoute() {
  const { agency, queryClient } = Route.useRouteContext();
  const { data } = useBankAccounts();
  const { data: current } = useCurrentUsage();
  const waiting = current.usage?.status === 'ACTIVE' ? current.usage.promotionId : null;
  // Not a suspense query: without the terms (an ended promotion) the form still works, with no bonus shown.
  const promotion = useQuery({ ...promotionQueryOptions(waiting ?? ''), enabled: waiting !== null });
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
      promotionBonus={waiting ? (promotion.data?.promotion.bonus ?? null) : null}
      offer={
        <WelcomeOffer threshold={agency.limits.promotionCreditThreshold} onUsageChanged={refreshCredit} />
      }
    />
  );
}
