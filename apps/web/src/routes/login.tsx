import { Anchor, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconLogin } from '@/components/icons';
import { ContactLinks } from '@/components/layout/contact-links';
import { PageHeader } from '@/components/page-header';
import { LoginForm } from '@/features/auth/components/login-form';
import { collectFingerprint } from '@/features/fingerprint/lib/collect-fingerprint';

export const Route = createFileRoute('/login')({
  staticData: { title: (t) => t('nav.login') },
  // Split from the start-up bundle like every page but the landing page (decision 0077): the server paints
  // /login before the app runs (decision 0058), and bundled it cost every first visit to `/` 7 KB (the form,
  // the password input, the date library of its error messages).
  beforeLoad: ({ context }) => {
    if (context.auth.isAuthenticated) throw redirect({ to: '/player' });
  },
  component: LoginPage,
});

function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { agency } = Route.useRouteContext();
  // Passwords are reset by the agency's staff (no e-mail on file): the way there is its contact channels.
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const helpId = useId();
  return (
    <Container size={460} className="page auth-page">
      <Paper className="panel" p={{ base: 'lg', sm: 'xl' }} radius="lg">
        <PageHeader title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} icon={IconLogin} />
        <LoginForm
          onSuccess={() => void navigate({ to: '/player' })}
          collectFingerprint={collectFingerprint}
        />
        <Group justify="center" mt="sm">
          <Button
            variant="subtle"
            size="sm"
            h={44}
            aria-expanded={isHelpOpen}
            aria-controls={helpId}
            onClick={() => setIsHelpOpen((isOpen) => !isOpen)}
            data-testid="forgot-password"
          >
            {t('auth.forgotPassword')}
          </Button>
        </Group>
        {isHelpOpen ? (
          <Stack gap="sm" mt="xs" id={helpId} data-testid="forgot-password-help">
            <Text size="sm" c="dimmed">
              {t('auth.forgotPasswordBody')}
            </Text>
            <ContactLinks social={agency.social} />
          </Stack>
        ) : null}
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
