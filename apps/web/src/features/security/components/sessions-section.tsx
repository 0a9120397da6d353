import { formatDateTime } from '@lc/ui/format-date';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/error-message';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { describeUserAgent } from '../lib/describe-user-agent';

/** Where the player is signed in; any other device can be signed out from here. */
export function SessionsSection() {
  const { t } = useTranslation();
  const { data } = useSessions();
  const end = useEndSession();
  return (
    <Paper className="panel" p={{ base: 'md', sm: 'lg' }} radius="lg" data-testid="sessions-section">
      <Title order={2} size="h4" mb="md">
        {t('security.sessions.title')}
      </Title>
      <FormAlert message={end.error ? errorMessage(t, end.error) : null} />
      <Stack gap="sm">
        {data.sessions.map((session) => (
          <div
            key={session.id}
            className="security-row"
            data-testid="session-row"
            data-current={session.current}
          >
            <div style={{ minWidth: 0, flex: 1 }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={700}>{describeUserAgent(session.userAgent) ?? t('security.unknownDevice')}</Text>
                {session.current ? (
                  <Badge color="gold" variant="light" data-testid="session-current">
                    {t('security.sessions.thisDevice')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {t('security.sessions.signedIn', { date: formatDateTime(session.createdAt) })} ·{' '}
                {t('security.sessions.lastSeen', { date: formatDateTime(session.lastSeenAt) })}
              </Text>
            </div>
            {session.current ? null : (
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={end.isPending && end.variables === session.id}
                onClick={() => end.mutate(session.id)}
                data-testid="session-end"
              >
                {t('security.sessions.signOut')}
              </Button>
            )}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
