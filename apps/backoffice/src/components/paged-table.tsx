import { DataTable, type DataTableColumn, type DataTableRowExpansionProps } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@/lib/search-params';

type Paging = {
  /** The page shown (1-based), the total over all pages, and how to change page. */
  page: number;
  total: number;
  onPageChange: (page: number) => void;
};

type PagedTableProps<T> = {
  records: T[] | undefined;
  columns: DataTableColumn<T>[];
  idAccessor: (keyof T & string) | ((record: T) => string);
  isFetching: boolean;
  testId?: string;
  /** A row's details under it (what does not earn a column), opened by its own toggle (row-details.tsx). */
  rowExpansion?: DataTableRowExpansionProps<T>;
} & (Paging | { page?: undefined });

/**
 * Every list of the console: a real data table (mantine-datatable) with its texts translated, paged by the
 * server when given a page (lists the API answers whole, such as staff and promotions, are not paged).
 */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const { t } = useTranslation();
  const common = {
    withTableBorder: true,
    borderRadius: 'md',
    striped: true,
    highlightOnHover: true,
    minHeight: props.records?.length ? undefined : 160,
    verticalAlign: 'top' as const,
    records: props.records ?? [],
    columns: props.columns,
    idAccessor: props.idAccessor,
    fetching: props.isFetching,
    rowExpansion: props.rowExpansion,
    noRecordsText: t('table.empty'),
    // On a phone the table scrolls sideways in its own box: keyboard users reach it, and it says what it is.
    scrollAreaProps: { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('table.label') } },
    'data-testid': props.testId,
  };
  if (props.page === undefined) return <DataTable<T> {...common} />;
  return (
    <DataTable<T>
      {...common}
      totalRecords={props.total}
      recordsPerPage={PAGE_SIZE}
      page={props.page}
      onPageChange={props.onPageChange}
      loadingText={t('loading')}
      paginationText={({ from, to, totalRecords }) => t('table.range', { from, to, total: totalRecords })}
      getPaginationControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
      getPaginationItemProps={(page) => ({ 'aria-label': t('table.page', { page }) })}
    />
  );
}
