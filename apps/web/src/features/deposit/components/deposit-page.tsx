import type { TAgency } from '@lc/shared/contracts/agency';
import type { TBankAccount } from '@lc/shared/contracts/bank-accounts';
import type { TDepositRecord } from '@lc/shared/contracts/deposits';
import type { TPromotion, TPromotionUsage } from '@lc/shared/contracts/promotions';
import { Container } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryLink } from '@/components/history-link';
import { IconDeposit } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { NeedsBankAccount } from '@/features/orders/components/needs-bank-account';
import { useOrderEvents } from '@/lib/order-events';
import { depositKeys } from '../api/deposit-keys';
import { useOpenDeposits } from '../api/get-open-deposits';
import { DepositForm } from './deposit-form';
import { DepositQr } from './deposit-qr';
import { DepositSuccess } from './deposit-success';

/**
 * /player/deposit: the bank-account prompt, the open deposit's QR, the form, or the credited result.
 * `onCredited` lets the route refresh what other features cache (the credit balances, the promotion in use);
 * `promotionUsage` is the player's promotion in use and `promotionBonus` its promotion's bonus terms, which the
 * route reads from the promotion feature.
 */
export function DepositPage({
  agency,
  bankAccounts,
  onCredited,
  promotionUsage = null,
  promotionBonus = null,
  offer = null,
}: {
  agency: TAgency;
  bankAccounts: TBankAccount[];
  onCredited: () => void;
  promotionUsage?: TPromotionUsage | null;
  promotionBonus?: TPromotion['bonus'] | null;
  /** Shown above the form (the route's first-deposit promotion offer), not over a QR or a result. */
  offer?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useOpenDeposits();
  const [completed, setCompleted] = useState<TDepositRecord | null>(null);
  const open = data.orders[0];

  const handleCompleted = useCallback(
    (order: TDepositRecord) => {
      setCompleted(order);
      queryClient.setQueryData(depositKeys.openOrders(), { orders: [] });
      void queryClient.invalidateQueries({ queryKey: depositKeys.all });
      onCredited();
    },
    [queryClient, onCredited],
  );
  const handleClosed = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: depositKeys.all });
  }, [queryClient]);
  // A deposit made or closed elsewhere (another tab or device) changes what this page shows; the QR on
  // screen follows its own order (DepositQr), so its events are left to it.
  useOrderEvents({
    onOrder: (event) => {
      if (event.kind !== 'deposit' || event.code === open?.code) return;
      void queryClient.invalidateQueries({ queryKey: depositKeys.openOrders() });
    },
    onResync: () => {
      if (!open) void queryClient.invalidateQueries({ queryKey: depositKeys.openOrders() });
    },
  });

  let content: React.ReactNode;
  if (completed) content = <DepositSuccess order={completed} onNewDeposit={() => setCompleted(null)} />;
  else if (open)
    content = (
      <DepositQr
        key={open.code}
        order={open}
        isSandbox={agency.isSandbox}
        onCompleted={handleCompleted}
        onClosed={handleClosed}
      />
    );
  else if (bankAccounts.length === 0) content = <NeedsBankAccount />;
  else
    content = (
      <>
        {offer}
        <DepositForm
          // A promotion taken or ended meanwhile starts the form again on its provider and amount.
          key={`${promotionUsage?.usageId ?? ''}:${promotionUsage?.status ?? ''}`}
          agency={agency}
          bankAccounts={bankAccounts}
          promotionUsage={promotionUsage}
          promotionBonus={promotionBonus}
        />
      </>
    );

  return (
    <Container size={open && !completed ? 760 : 560} className="page">
      <PageHeader
        title={t('pages.deposit.title')}
        // With a QR open the space goes to the QR and its Check button (issue #16: Check above the fold at 375 px).
        subtitle={open && !completed ? undefined : t('pages.deposit.description')}
        icon={IconDeposit}
        actions={
          <HistoryLink
            to="/player/deposit/history"
            label={t('nav.depositHistory')}
            testId="deposit-history-link"
          />
        }
      />
      {content}
    </Container>
  );
}
