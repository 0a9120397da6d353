import { ActionIcon, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { DataTableColumn, DataTableRowExpansionProps } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A chevron drawn as SVG: the fonts of the console's scripts carry no such symbol. */
function Chevron({ isOpen }: { isOpen: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d={isOpen ? 'M6 9l6 6 6-6' : 'M9 6l6 6-6 6'} />
    </svg>
  );
}

/**
 * Row details for a table that shows only the columns that matter at a desk (time, amount, status, who,
 * actions): the rest opens under the row with a toggle of its own, a button that says whether it is open,
 * so a click on an action in the row never opens it by accident. Returns the toggle column to put first and
 * the table's `rowExpansion`.
 */
export function useRowDetails<T>(
  idOf: (record: T) => string,
  content: (record: T) => ReactNode,
): { toggleColumn: DataTableColumn<T>; rowExpansion: DataTableRowExpansionProps<T> } {
  const { t } = useTranslation();
  const [openIds, setOpenIds] = useState<string[]>([]);
  const toggle = (id: string) =>
    setOpenIds((ids) => (ids.includes(id) ? ids.filter((open) => open !== id) : [...ids, id]));
  return {
    toggleColumn: {
      accessor: 'details',
      title: <VisuallyHidden>{t('table.details')}</VisuallyHidden>,
      width: 44,
      render: (record) => {
        const id = idOf(record);
        const isOpen = openIds.includes(id);
        return (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-expanded={isOpen}
            aria-label={t(isOpen ? 'table.hideDetails' : 'table.details')}
            onClick={() => toggle(id)}
            data-testid="row-details-toggle"
          >
            <Chevron isOpen={isOpen} />
          </ActionIcon>
        );
      },
    },
    rowExpansion: {
      trigger: 'never',
      allowMultiple: true,
      expanded: { recordIds: openIds },
      content: ({ record }) => content(record),
    },
  };
}

/** Labelled values in a row's details: a description list, two to four to a line as the width allows. */
export function DetailList({ items, testId }: { items: Array<[string, ReactNode]>; testId?: string }) {
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, sm: 2, lg: 4 }}
      spacing="sm"
      verticalSpacing={6}
      px="md"
      py="sm"
      m={0}
      data-testid={testId}
    >
      {items.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
