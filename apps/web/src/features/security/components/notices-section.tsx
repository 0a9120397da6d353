import { formatDateTime } from '@lc/ui/format-date';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../api/get-notices';
import { describeUserAgent } from '../lib/describe-user-agent';
import { paymentNoticeText } from '../lib/payment-notice';

/** What happened to the account lately: password, TOTP, new devices, ended sessions, payments staff resolved. */
export function NoticesSection() {
  const { t } = useTranslation();
  const { data } = useNotices();
  return (
    <Paper className="panel" p={{ base: 'md', sm: 'lg' }} radius="lg" data-testid="notices-section">
      <Title order={2} size="h4" mb="md">
        {t('security.notices.title')}
      </Title>
      {data.notices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('security.notices.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {data.notices.map((notice) => (
            <div key={notice.id} className="security-row" data-testid="notice-row" data-kind={notice.kind}>
              <div style={{ minWidth: 0, flex: 1 }}>
                <Text fw={700}>{t(`security.notices.kind.${notice.kind}`)}</Text>
                {notice.payment ? (
                  <Text size="sm" data-testid="notice-payment">
                    {paymentNoticeText(t, notice)}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed">
                  {formatDateTime(notice.at)}
                  {describeUserAgent(notice.userAgent) ? ` · ${describeUserAgent(notice.userAgent)}` : ''}
                </Text>
              </div>
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
