import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconGift } from '@/components/icons';
import { backlistQueryOptions } from '../api/get-backlist';
import { useCurrentUsage } from '../api/get-current-usage';
import { useFirstDepositPromotions } from '../api/get-first-deposit-promotions';
import { localizedText } from '../lib/promotion-terms';
import { isLiveUsage } from '../lib/usage-status';
import { PromotionActions } from './promotion-actions';
import { PromotionFigures } from './promotion-figures';

/**
 * On the deposit page, where a first deposit starts: the first-deposit promotion the player may still take
 * (none once it has deposited, or has a promotion in use, or is barred from promotions). Use shows its rules
 * before taking it; once taken, the deposit form locks its amount (docs/decisions/0074).
 */
export function WelcomeOffer({
  threshold,
  onUsageChanged,
}: {
  threshold: string;
  onUsageChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { data } = useFirstDepositPromotions();
  const { data: current } = useCurrentUsage();
  const { data: backlist } = useQuery(backlistQueryOptions());
  const promotion = data?.promotions[0];
  if (!promotion || isLiveUsage(current.usage) || backlist?.blocked !== false) return null;
  const title = localizedText(promotion.title, i18n.resolvedLanguage);
  return (
    <Paper className="panel" p={{ base: 'md', sm: 'lg' }} radius="lg" mb="md" data-testid="welcome-offer">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconGift size={20} className="text-gold" />
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            {t('promotion.welcomeOffer')}
          </Text>
        </Group>
        <Title order={2} size="h4">
          {title}
        </Title>
        <PromotionFigures promotion={promotion} withTarget />
        <PromotionActions
          promotion={promotion}
          usage={null}
          isBlocked={false}
          onUsageChanged={onUsageChanged}
          terms={{ promotion, threshold }}
        />
        <Anchor
          renderRoot={(props) => (
            <Link to="/player/promotion/$promotionId" params={{ promotionId: promotion.id }} {...props} />
          )}
          size="sm"
          aria-label={`${t('promotion.detail')}: ${title}`}
        >
          {t('promotion.detail')} →
        </Anchor>
      </Stack>
    </Paper>
  );
}
