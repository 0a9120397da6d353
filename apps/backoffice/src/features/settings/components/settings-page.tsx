import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useAgency } from '../api/get-agency';
import { AgencySettingsForm } from './agency-settings-form';
import { ExchangeRatesSection } from './exchange-rates-section';
import { PaymentChannelsSection } from './payment-channels-section';

/** Settings: exchange rates with their history, the agency's limits, contacts and links, payment channels. */
export function SettingsPage() {
  const { t } = useTranslation();
  const agency = useAgency();
  return (
    <Stack gap="xl">
      <PageHeader title={t('nav.settings')} />
      <ExchangeRatesSection />
      <AgencySettingsForm agency={agency} />
      <PaymentChannelsSection />
    </Stack>
  );
}
