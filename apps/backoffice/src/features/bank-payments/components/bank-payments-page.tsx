import { BANK_PAYMENT_STATUSES, type TOpsBankPayment } from '@lc/shared/contracts/ops-bank-payments';
import { formatDateTime } from '@lc/ui/format-date';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
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
import { DetailList, useRowDetails } from '@/components/row-details';
import { StatusBadge } from '@/components/status-badge';
import { StatusFilter } from '@/components/status-filter';
import { bankPaymentsCsvUrl, type TBankPaymentFilter, useBankPayments } from '../api/get-bank-payments';
import { useRefundBankPayment } from '../api/refund-bank-payment';
import { CreditPaymentModal } from './credit-payment-modal';

type Action = { kind: 'credit' | 'refund'; payment: TOpsBankPayment };

const orNone = (value: string | null) => (value ? <CopyText value={value} /> : '—');

/** What a payment's row does not show: its bill and references, the orders it names, who resolved it. */
function PaymentDetails({ payment }: { payment: TOpsBankPayment }) {
  const { t } = useTranslation();
  return (
    <DetailList
      testId={`payment-details-${payment.id}`}
      items={[
        [t('bankPayments.billNumber'), <CopyText key="bill" value={payment.billNumber} />],
        [t('bankReference'), <CopyText key="ref" value={payment.bankReference} />],
        [t('bankPayments.order'), orNone(payment.depositCode)],
        [t('bankPayments.creditedOrder'), orNone(payment.creditedDepositCode)],
        [t('bankPayments.receivedAt'), formatDateTime(payment.receivedAt)],
        [t('bankPayments.refundReference'), orNone(payment.refundReference)],
        [t('bankPayments.resolvedBy'), payment.resolvedBy ?? '—'],
        [t('bankPayments.resolvedAt'), payment.resolvedAt ? formatDateTime(payment.resolvedAt) : '—'],
      ]}
    />
  );
}

/**
 * The payments the bank reported; the unmatched ones wait for staff to credit or refund them. At a desk
 * (1280 px) the row holds what a cashier works from — time, amount, status and why, the player by username,
 * the actions — and the rest opens under it (decision 0076), so nothing is cut off or off to the right.
 */
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
  const details = useRowDetails<TOpsBankPayment>(
    (p) => p.id,
    (p) => <PaymentDetails payment={p} />,
  );
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
        rowExpansion={details.rowExpansion}
        columns={[
          details.toggleColumn,
          {
            accessor: 'paidAt',
            title: t('bankPayments.paidAt'),
            render: (p) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="payment-row" data-id={p.id}>
                {formatDateTime(p.paidAt)}
              </Text>
            ),
          },
          {
            accessor: 'amount',
            title: t('amount'),
            textAlign: 'right',
            render: (p) => <Money amount={p.amount} currency="LAK" />,
          },
          {
            accessor: 'status',
            title: t('filter.status'),
            render: (p) => (
              <Stack gap={2} align="flex-start">
                <StatusBadge status={p.status} />
                {p.reason ? (
                  <Text size="xs" c="dimmed">
                    {t(`bankPayments.reasons.${p.reason}`)}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          {
            accessor: 'username',
            title: t('player'),
            render: (p) =>
              p.playerId && p.username ? (
                <Link
                  to="/players/$playerId"
                  params={{ playerId: p.playerId }}
                  search={{ tab: 'orders' }}
                  className="lc-link"
                  data-testid="payment-player"
                >
                  {p.username}
                </Link>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('bankPayments.noPlayer')}
                </Text>
              ),
          },
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
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setAction({ kind: 'refund', payment: p })}
                    data-testid={`refund-${p.id}`}
                  >
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
          summary={`${formatDateTime(action.payment.paidAt)} · ${action.payment.username ?? ''}`}
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
