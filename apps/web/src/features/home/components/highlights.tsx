import { SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type IconComponent, IconDeposit, IconGift, IconHeadset, IconWithdraw } from '@/components/icons';

const HIGHLIGHTS: { key: string; icon: IconComponent }[] = [
  { key: 'deposit', icon: IconDeposit },
  { key: 'withdraw', icon: IconWithdraw },
  { key: 'promotion', icon: IconGift },
  { key: 'support', icon: IconHeadset },
];

/** Why play here; the withdrawal card counts the banks the agency accepts (its settings). */
export function Highlights({ bankCount }: { bankCount: number }) {
  const { t } = useTranslation();
  return (
    <section className="landing-section" aria-labelledby="highlights-title">
      <Title order={2} id="highlights-title" className="section-title">
        {t('landing.highlightsTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" mt="md">
        {HIGHLIGHTS.map(({ key, icon: Icon }) => (
          <div key={key} className="highlight-card">
            <span className="highlight-icon">
              <Icon size={24} />
            </span>
            <div>
              <Title order={3} size="h6">
                {t(`landing.highlights.${key}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`landing.highlights.${key}.body`, { count: bankCount })}
              </Text>
            </div>
          </div>
        ))}
      </SimpleGrid>
    </section>
  );
}
