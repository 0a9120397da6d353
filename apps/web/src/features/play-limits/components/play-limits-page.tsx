import { Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconHourglass } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { usePlayerInfo } from '@/features/auth/api/get-player-info';
import { DepositLimitsSection } from './deposit-limits-section';
import { RealityCheckSection } from './reality-check-section';
import { TakeABreakSection } from './take-a-break-section';

/** /player/limits: deposit limits, time-out, self-exclusion and the reality check (responsible play). */
export function PlayLimitsPage() {
  const { t } = useTranslation();
  const restriction = usePlayerInfo().data?.restriction ?? null;
  return (
    <Container size={760} className="page">
      <PageHeader
        title={t('pages.playLimits.title')}
        subtitle={t('pages.playLimits.description')}
        icon={IconHourglass}
      />
      <Stack gap="lg">
        <DepositLimitsSection />
        <RealityCheckSection />
        <TakeABreakSection kind="TIME_OUT" restriction={restriction} />
        <TakeABreakSection kind="SELF_EXCLUSION" restriction={restriction} />
      </Stack>
    </Container>
  );
}
