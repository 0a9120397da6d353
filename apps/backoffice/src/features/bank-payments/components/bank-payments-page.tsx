import { BANK_PAYMENT_STATUSES, type TOpsBankPayment } from '@lc/shared/contracts/ops-bank-payments';
import { formatDateTime } from '@lc/ui/format-date';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@/components/copy-text';
import { CsvLink } from '@/components/csv-link';
import { ErrorAlert } from '@/components/error-alert';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { PromptModal } from '@/components/prompt-modal';
import { useCan } from '@/components/role-gate';
import { StatusBadge } from '@/components/status-badge';
import { StatusFilter } from '@/components/status-filter';
import { bankPaymentsCsvUrl, type TBankPaymentFilter, useBankPayments } from '../api/get-bank-payments';
import { useRefundBankPayment } from '../api/refund-bank-payment';
import { CreditPaymentModal } from './credit-payment-modal';

type Action = { kind: 'credit' | 'refund'; payment: TOpsBankPayment };

/** The payments the bank reported; the unmatched ones wait for staff to credit or refund them. */
export function BankPaymentsPage({
  filter,
  onFilterChange,
}: {
  filter: TBankPaymentFilter;
  onFilterChange: (filter: TBankPaymentFilter) => void;
}) {
  const { t } = useTranslation();
  const payments = useBankPayments(filter);
  const canResolve = useCan('cashier');
  const [action, setAction] = useState<Action | null>(null);
  const refund = useRefundBankPayment();
  const close = () => {
    setAction(null);
    refund.reset();
  };
  return (
    <Stack>
      <PageHeader title={t('nav.bankPayments')}>
        <CsvLink href={bankPaymentsCsvUrl(filter)} />
      </PageHeader>
      <StatusFilter
        statuses={BANK_PAYMENT_STATUSES}
        value={filter.status}
        onChange={(status) => onFilterChange({ status, page: 1 })}
      />
      <ErrorAlert error={payments.error} />
      <PagedTable<TOpsBankPayment>
        testId="bank-payments-table"
        records={payments.data?.items}
        idAccessor="id"
        page={filter.page}
        total={payments.data?.total ?? 0}
        onPageChange={(page) => onFilterChange({ ...filter, page })}
        isFetching={payments.isFetching}
        columns={[
          {
            accessor: 'billNumber',
            title: t('bankPayments.bill'),
            render: (p) => (
              <Stack gap={2}>
                <CopyText value={p.billNumber} />
                <Text size="xs" c="dimmed" className="lc-code">
                  {p.bankReference}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'amount',
            title: t('amount'),
            render: (p) => <Money amount={p.amount} currency="LAK" />,
          },
          { accessor: 'status', title: t('filter.status'), render: (p) => <StatusBadge status={p.status} /> },
          {
            accessor: 'reason',
            title: t('reason'),
            render: (p) => (p.reason ? t(`bankPayments.reasons.${p.reason}`) : ''),
          },
          {
            accessor: 'depositCode',
            title: t('deposits.code'),
            render: (p) => (p.depositCode ? <CopyText value={p.depositCode} /> : '—'),
          },
          {
            accessor: 'playerId',
            title: t('player'),
            render: (p) => (p.playerId ? <CopyText value={p.playerId} /> : '—'),
          },
          { accessor: 'paidAt', title: t('bankPayments.paidAt'), render: (p) => formatDateTime(p.paidAt) },
          {
            accessor: 'actions',
            title: t('actions'),
            hidden: !canResolve,
            render: (p) =>
              p.status === 'UNMATCHED' ? (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    onClick={() => setAction({ kind: 'credit', payment: p })}
                    data-testid={`credit-${p.id}`}
                  >
                    {t('bankPayments.credit')}
                  </Button>
                  <Button size="xs" variant="light" onClick={() => setAction({ kind: 'refund', payment: p })}>
                    {t('bankPayments.refund')}
                  </Button>
                </Group>
              ) : null,
          },
        ]}
      />
      {action?.kind === 'credit' ? <CreditPaymentModal payment={action.payment} onClose={close} /> : null}
      {action?.kind === 'refund' ? (
        <PromptModal
          title={t('bankPayments.refundTitle', { bill: action.payment.billNumber })}
          label={t('bankReference')}
          submitLabel={t('bankPayments.refund')}
          isRequired
          isPending={refund.isPending}
          error={refund.error}
          onSubmit={(bankReference) =>
            refund.mutate({ id: action.payment.id, bankReference }, { onSuccess: close })
          }
          onClose={close}
        />
      ) : null}
    </Stack>
  );
}
