import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useAgencySettings } from '../api/get-agency-settings';
import { AgencySettingsForm } from './agency-settings-form';
import { ExchangeRatesSection } from './exchange-rates-section';
import { PaymentChannelsSection } from './payment-channels-section';
import { ProvidersSection } from './providers-section';

/**
 * Settings: exchange rates with their history, the agency's brand (name, logo, colour, links, languages, accepted
 * banks), contacts and limits, payment channels, and how the agency reaches each game provider.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useAgencySettings();
  return (
    <Stack gap="xl">
      <PageHeader title={t('nav.settings')} />
      <ExchangeRatesSection />
      <AgencySettingsForm settings={settings} />
      <PaymentChannelsSection />
      <ProvidersSection />
    </Stack>
  );
}
