import type { TAgency } from '@lc/shared/contracts/agency';
import type { TBankAccount } from '@lc/shared/contracts/bank-accounts';
import type { TWithdrawRecord } from '@lc/shared/contracts/withdrawals';
import { Container } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryLink } from '@/components/history-link';
import { IconWithdraw } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { NeedsBankAccount } from '@/features/orders/components/needs-bank-account';
import { useOrderEvents } from '@/lib/order-events';
import { useOpenWithdrawals } from '../api/get-open-withdrawals';
import { withdrawKeys } from '../api/withdraw-keys';
import { type ProviderBalances, WithdrawForm, type WithdrawPromotion } from './withdraw-form';
import { WithdrawOrderPanel } from './withdraw-order-panel';

/**
 * /player/withdraw: the bank-account prompt, the withdrawal waiting for payout, or the form. `balances` and
 * `onCreditTaken` come from the route (the credit feature owns the balances).
 */
export function WithdrawPage({
  agency,
  bankAccounts,
  balances,
  onCreditTaken,
  promotion = null,
}: {
  agency: TAgency;
  bankAccounts: TBankAccount[];
  balances: ProviderBalances;
  onCreditTaken: () => void;
  /** The player's promotion in use, which the route reads from the promotion feature. */
  promotion?: WithdrawPromotion | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useOpenWithdrawals();
  const [created, setCreated] = useState<TWithdrawRecord | null>(null);
  // The open withdrawal as its events left it: paid out or rejected, it stays on screen with its new status
  // (the open orders, re-read on the event, no longer hold it).
  const [followed, setFollowed] = useState<TWithdrawRecord | null>(null);
  const listed = data.orders[0];
  const open = followed && (!listed || listed.code === followed.code) ? followed : listed;
  useOrderEvents({
    onOrder: (event) => {
      if (event.kind !== 'withdrawal') return;
      if (created?.code === event.code) setCreated({ ...created, status: event.status });
      else if (open?.code === event.code) setFollowed({ ...open, status: event.status });
    },
  });

  const handleCreated = (order: TWithdrawRecord) => {
    setCreated(order);
    queryClient.setQueryData(withdrawKeys.openOrders(), { orders: order.status === 'OPEN' ? [order] : [] });
  };

  let content: React.ReactNode;
  if (created) content = <WithdrawOrderPanel order={created} isNew />;
  else if (open) content = <WithdrawOrderPanel order={open} isNew={false} />;
  else if (bankAccounts.length === 0) content = <NeedsBankAccount />;
  else
    content = (
      <WithdrawForm
        agency={agency}
        bankAccounts={bankAccounts}
        balances={balances}
        onCreditTaken={onCreditTaken}
        onCreated={handleCreated}
        promotion={promotion}
      />
    );

  return (
    <Container size={560} className="page">
      <PageHeader
        title={t('pages.withdraw.title')}
        subtitle={t('pages.withdraw.description')}
        icon={IconWithdraw}
        actions={
          <HistoryLink
            to="/player/withdraw/history"
            label={t('nav.withdrawHistory')}
            testId="withdraw-history-link"
          />
        }
      />
      {content}
    </Container>
  );
}
