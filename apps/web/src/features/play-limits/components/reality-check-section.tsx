import { Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRealityCheckSetting } from '../hooks/use-reality-check-setting';
import {
  REALITY_CHECK_CHOICES,
  type TRealityCheckMinutes,
  writeRealityCheck,
} from '../lib/reality-check-setting';

/** The reality check's interval (off, 30, 60 min), kept in this browser only (api.md). */
export function RealityCheckSection() {
  const { t } = useTranslation();
  const minutes = useRealityCheckSetting();
  return (
    <Paper className="panel" p={{ base: 'md', sm: 'lg' }} radius="lg" data-testid="reality-check-setting">
      <Title order={2} size="h4" mb={4}>
        {t('playLimits.realityCheck.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('playLimits.realityCheck.body')}
      </Text>
      <SegmentedControl
        fullWidth
        value={String(minutes)}
        onChange={(value) => writeRealityCheck(localStorage, Number(value) as TRealityCheckMinutes)}
        data={REALITY_CHECK_CHOICES.map((n) => ({
          value: String(n),
          label: n === 0 ? t('playLimits.realityCheck.off') : t('playLimits.realityCheck.every', { n }),
        }))}
        aria-label={t('playLimits.realityCheck.title')}
      />
    </Paper>
  );
}
