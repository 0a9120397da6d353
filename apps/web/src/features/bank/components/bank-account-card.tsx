import type { TBankAccount } from '@lc/shared/contracts/bank-accounts';
import { formatDateTime } from '@lc/ui/format-date';
import { Alert, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconHeadset } from '@/components/icons';
import { BankLogo } from './bank-logo';

function Detail({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** The player's saved account, number masked as the server sent it; changes go through support. */
export function BankAccountCard({ account }: { account: TBankAccount }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Paper className="panel" p={{ base: 'md', sm: 'lg' }} radius="lg" data-testid="bank-account-card">
        <Group gap="md" wrap="nowrap" mb="md">
          <BankLogo bank={account.bank} />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="lg">
              {t(`banks.${account.bank}`)}
            </Text>
            {/* The bank's name in the player's language, not the API's directory name (French or English). */}
            <Text size="sm" c="dimmed" data-testid="bank-full-name">
              {t(`bankNames.${account.bank}`)}
            </Text>
          </div>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Detail
            label={t('bank.accountNumber')}
            value={account.accountNumber}
            testId="bank-account-number"
          />
          <Detail label={t('bank.accountName')} value={account.accountName} testId="bank-account-name" />
          <Detail label={t('bank.owner')} value={t(`bank.owners.${account.owner}`)} />
          <Detail label={t('bank.currency')} value={t('bank.currencyLAK')} />
          <Detail label={t('bank.addedAt')} value={formatDateTime(account.createdAt)} />
        </SimpleGrid>
      </Paper>
      <Alert color="gray" variant="light" icon={<IconHeadset size={18} />} data-testid="bank-change-note">
        {t('bank.changeViaSupport')}
      </Alert>
    </Stack>
  );
}
