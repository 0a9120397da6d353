import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Downloads what the current filter shows as CSV: a plain link to the list's own address with `format=csv`
 * (same origin, so the staff cookie goes along; the API exports every row of the filter, decision 0043).
 */
export function CsvLink({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <Button component="a" href={href} download variant="default" size="sm" data-testid="csv-export">
      {t('exportCsv')}
    </Button>
  );
}
