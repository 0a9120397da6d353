import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The pager under a paged history (deposits, withdrawals, promotion usages): shown once there is more than
 * one page, or when the URL points past the first; a page beyond the last shows as the last.
 */
export function HistoryPagination({
  page,
  pages,
  onPageChange,
  testId,
}: {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1 && page <= 1) return null;
  return (
    <Group justify="center" mt="lg">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPageChange}
        siblings={1}
        boundaries={1}
        getControlProps={(control) => ({ 'aria-label': t(`orders.pagination.${control}`) })}
        data-testid={testId}
      />
    </Group>
  );
}
