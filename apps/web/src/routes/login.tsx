import { Anchor, Container, Paper, Text } from '@mantine/core';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconLogin } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { LoginForm } from '@/features/auth/components/login-form';
import { collectFingerprint } from '@/features/fingerprint/lib/collect-fingerprint';

export const Route = createFileRoute('/login')({
  // Where returning players land: bundled with the start-up code like the landing page, so its first paint
  // does not wait for a second round of chunk requests after the start-up script has run.
  codeSplitGroupings: [],
  beforeLoad: ({ context }) => {
    if (context.auth.isAuthenticated) throw redirect({ to: '/player' });
  },
  component: LoginPage,
});

function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Container size={460} className="page auth-page">
      <Paper className="panel" p={{ base: 'lg', sm: 'xl' }} radius="lg">
        <PageHeader title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} icon={IconLogin} />
        <LoginForm
          onSuccess={() => void navigate({ to: '/player' })}
          collectFingerprint={collectFingerprint}
        />
        <Text size="sm" ta="center" mt="lg" c="dimmed">
          {t('auth.noAccount')}{' '}
          <Anchor component={Link} to="/register" fw={700}>
            {t('nav.register')}
          </Anchor>
        </Text>
      </Paper>
    </Container>
  );
}
