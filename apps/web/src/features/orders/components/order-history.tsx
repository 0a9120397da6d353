import { Button, Container, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconHistory } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { type OrderAmountColumn, OrderList, type OrderRowBase } from './order-list';

/** A history page: header, the page of orders (or the empty state) and the pagination control. */
export function OrderHistory<T extends OrderRowBase>({
  title,
  subtitle,
  page,
  pageSize,
  total,
  orders,
  amounts,
  emptyText,
  emptyAction,
  onPageChange,
}: {
  title: string;
  subtitle: string;
  page: number;
  pageSize: number;
  total: number;
  orders: T[];
  amounts: OrderAmountColumn<T>[];
  emptyText: string;
  emptyAction?: { label: string; to: '/player/deposit' | '/player/withdraw' };
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  let content: ReactNode;
  if (orders.length === 0) {
    content = (
      <Paper className="panel" p="xl" radius="lg" data-testid="orders-empty">
        <Stack align="center" gap="sm">
          <IconHistory size={36} className="text-gold" />
          <Text c="dimmed" ta="center">
            {emptyText}
          </Text>
          {emptyAction ? (
            <Button component={Link} to={emptyAction.to} variant="light" data-testid="orders-empty-action">
              {emptyAction.label}
            </Button>
          ) : null}
        </Stack>
      </Paper>
    );
  } else {
    content = <OrderList orders={orders} amounts={amounts} caption={title} />;
  }
  return (
    <Container size="lg" className="page">
      <PageHeader title={title} subtitle={subtitle} icon={IconHistory} />
      {content}
      {pages > 1 || page > 1 ? (
        <Group justify="center" mt="lg">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': t(`orders.pagination.${control}`) })}
            data-testid="orders-pagination"
          />
        </Group>
      ) : null}
    </Container>
  );
}
