import { formatDateTime } from '@lc/ui/format-date';
import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './orders.module.css';
import { StatusChip } from './status-chip';

/** What every order row shows; `amounts` differ between deposits and withdrawals. */
export type OrderRowBase = { code: string; date_time: string | null; game_provider: string; status: string };
export type OrderAmountColumn<T> = { key: string; label: string; render: (order: T) => ReactNode };
/**
 * A list whose rows are not one provider's orders (transfers between providers: "from → to") names its own
 * provider column and status chip; `rowTestId` replaces the rows' `order-row`.
 */
export type OrderListVariant<T> = {
  provider?: { label: string; render: (order: T) => ReactNode };
  status?: (order: T) => ReactNode;
  rowTestId?: string;
};

/** Phones (≤ 576 px, the bottom-bar breakpoint) get cards; wider screens a table. */
const PHONE_QUERY = '(max-width: 576px)';

/** A page of orders: a table on desktop, cards on phones; rows carry `data-code` for tests and support. */
export function OrderList<T extends OrderRowBase>({
  orders,
  amounts,
  caption,
  variant = {},
}: {
  orders: T[];
  amounts: OrderAmountColumn<T>[];
  caption: string;
  variant?: OrderListVariant<T>;
}) {
  const { t } = useTranslation();
  // Read synchronously so a phone never renders the table first (one list in the DOM, not two).
  const isPhone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  const provider = (order: T) =>
    variant.provider
      ? variant.provider.render(order)
      : t([`providers.${order.game_provider}`, 'common.notAvailable']);
  const status = (order: T) =>
    variant.status ? variant.status(order) : <StatusChip status={order.status} />;
  const rowTestId = variant.rowTestId ?? 'order-row';

  if (isPhone) {
    return (
      <Stack gap="sm" aria-label={caption}>
        {orders.map((order) => (
          <Paper
            key={order.code}
            className="panel"
            p="md"
            radius="lg"
            data-testid={rowTestId}
            data-code={order.code}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={700} className={classes.code}>
                  {order.code}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(order.date_time)} · {provider(order)}
                </Text>
              </div>
              {status(order)}
            </Group>
            <dl className={classes.cardAmounts}>
              {amounts.map((column) => (
                <div key={column.key} className={classes.cardAmount}>
                  <dt>{column.label}</dt>
                  <dd>{column.render(order)}</dd>
                </div>
              ))}
            </dl>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Paper className="panel" radius="lg" p={0}>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover className={classes.table}>
          <caption className="visually-hidden">{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.code')}</Table.Th>
              <Table.Th>{t('orders.date')}</Table.Th>
              <Table.Th>{variant.provider?.label ?? t('orders.provider')}</Table.Th>
              {amounts.map((column) => (
                <Table.Th key={column.key} className={classes.numeric}>
                  {column.label}
                </Table.Th>
              ))}
              <Table.Th>{t('orders.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr key={order.code} data-testid={rowTestId} data-code={order.code}>
                <Table.Td className={classes.code}>{order.code}</Table.Td>
                <Table.Td className={classes.nowrap}>{formatDateTime(order.date_time)}</Table.Td>
                <Table.Td>{provider(order)}</Table.Td>
                {amounts.map((column) => (
                  <Table.Td key={column.key} className={classes.numeric}>
                    {column.render(order)}
                  </Table.Td>
                ))}
                <Table.Td>{status(order)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
