import { formatDateTime } from '@lc/ui/format-date';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconHourglass } from '@/components/icons';
import { usePlayerInfo } from '@/features/auth/api/get-player-info';

/** Over every player page while a time-out or self-exclusion is in force: until when, what still works. */
export function RestrictionBanner() {
  const { t } = useTranslation();
  const restriction = usePlayerInfo().data?.restriction;
  if (!restriction || Date.parse(restriction.until) <= Date.now()) return null;
  return (
    <div className="notice-banner">
      <Alert
        color="orange"
        variant="light"
        icon={<IconHourglass size={18} />}
        title={t(`playLimits.restricted.${restriction.kind}`, { date: formatDateTime(restriction.until) })}
        data-testid="restriction-banner"
      >
        {t('playLimits.restricted.body')}
      </Alert>
    </div>
  );
}
