import { Container, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { IconShield } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { useNotices } from '../api/get-notices';
import { writeSeenNoticesAt } from '../lib/seen-notices';
import { NoticesSection } from './notices-section';
import { SessionsSection } from './sessions-section';
import { TotpSection } from './totp-section';

/** /player/security: two-step sign-in, signed-in devices and the account's notices. */
export function SecurityPage({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const { data } = useNotices();
  const newest = data.notices[0]?.at;
  // Seeing the list here counts as having seen the notices: the banner stops showing them.
  useEffect(() => {
    if (newest) writeSeenNoticesAt(localStorage, playerId, newest);
  }, [newest, playerId]);
  return (
    <Container size={760} className="page">
      <PageHeader
        title={t('pages.security.title')}
        subtitle={t('pages.security.description')}
        icon={IconShield}
      />
      <Stack gap="lg">
        <TotpSection />
        <SessionsSection />
        <NoticesSection />
      </Stack>
    </Container>
  );
}
