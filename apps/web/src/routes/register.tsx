import { Anchor, Container, Paper, Text } from '@mantine/core';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconUserPlus } from '@/components/icons';
import { AboutModal } from '@/components/layout/about-modal';
import { PageHeader } from '@/components/page-header';
import { RegisterForm } from '@/features/auth/components/register-form';
import { collectFingerprint } from '@/features/fingerprint/lib/collect-fingerprint';

export const Route = createFileRoute('/register')({
  staticData: { title: (t) => t('nav.register') },
  beforeLoad: ({ context }) => {
    if (context.auth.isAuthenticated) throw redirect({ to: '/player' });
  },
  component: RegisterPage,
});

function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { agency } = Route.useRouteContext();
  const [isTermsOpen, setIsTermsOpen] = useState(false);
  return (
    <Container size={520} className="page auth-page">
      <Paper className="panel" p={{ base: 'lg', sm: 'xl' }} radius="lg">
        <PageHeader
          title={t('auth.registerTitle')}
          subtitle={t('auth.registerSubtitle')}
          icon={IconUserPlus}
        />
        <RegisterForm
          collectFingerprint={collectFingerprint}
          onSuccess={() => void navigate({ to: '/player' })}
          onOpenTerms={() => setIsTermsOpen(true)}
        />
        <Text size="sm" ta="center" mt="lg" c="dimmed">
          {t('auth.haveAccount')}{' '}
          <Anchor component={Link} to="/login" fw={700}>
            {t('nav.login')}
          </Anchor>
        </Text>
      </Paper>
      <AboutModal
        topic={isTermsOpen ? 'terms' : null}
        onClose={() => setIsTermsOpen(false)}
        social={agency.social}
      />
    </Container>
  );
}
