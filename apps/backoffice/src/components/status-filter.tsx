import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const ALL = 'ALL';

/** A status filter kept in the URL: one of `statuses`, or every status. */
export function StatusFilter({
  statuses,
  value,
  onChange,
}: {
  statuses: readonly string[];
  value: string | undefined;
  onChange: (status: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const data = [
    { value: ALL, label: t('filter.all') },
    ...statuses.map((status) => ({ value: status, label: t([`status.${status}`, status]) })),
  ];
  return (
    <Select
      label={t('filter.status')}
      data={data}
      value={value ?? ALL}
      allowDeselect={false}
      onChange={(next) => onChange(next === ALL || next === null ? undefined : next)}
      w={220}
      data-testid="status-filter"
    />
  );
}
