import { Container, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconBank } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { useBankAccounts } from '../api/get-bank-accounts';
import { BankAccountCard } from './bank-account-card';
import { BankAccountForm } from './bank-account-form';

/** /player/bank: the saved account, or the form while the player has none (one per player). */
export function BankPage({ onSaved }: { onSaved?: () => void }) {
  const { t } = useTranslation();
  const { data } = useBankAccounts();
  const account = data.playerAccounts[0];
  return (
    <Container size={560} className="page">
      <PageHeader
        title={t('pages.bank.title')}
        subtitle={account ? t('bank.savedSubtitle') : t('pages.bank.description')}
        icon={IconBank}
      />
      {account ? (
        <BankAccountCard account={account} />
      ) : (
        <Paper className="panel" p={{ base: 'md', sm: 'xl' }} radius="lg">
          <BankAccountForm onSaved={onSaved} />
        </Paper>
      )}
    </Container>
  );
}
