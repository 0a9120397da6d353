import { Button, Container, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { IconHistory } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { HistoryPagination } from './history-pagination';
import { type OrderAmountColumn, OrderList, type OrderListVariant, type OrderRowBase } from './order-list';

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
  variant,
}: {
  title: string;
  subtitle: string;
  page: number;
  pageSize: number;
  total: number;
  orders: T[];
  amounts: OrderAmountColumn<T>[];
  emptyText: string;
  emptyAction?: { label: string; to: '/player/deposit' | '/player/withdraw' | '/player' };
  onPageChange: (page: number) => void;
  variant?: OrderListVariant<T>;
}) {
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
    content = <OrderList orders={orders} amounts={amounts} caption={title} variant={variant} />;
  }
  return (
    <Container size="lg" className="page">
      <PageHeader title={title} subtitle={subtitle} icon={IconHistory} />
      {content}
      <HistoryPagination page={page} pages={pages} onPageChange={onPageChange} testId="orders-pagination" />
    </Container>
  );
}
