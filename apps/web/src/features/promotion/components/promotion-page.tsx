import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HistoryLink } from '@/components/history-link';
import { IconGift } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { useBacklist } from '../api/get-backlist';
import { useCurrentUsage } from '../api/get-current-usage';
import { usePromotions } from '../api/get-promotions';
import { localizedText } from '../lib/promotion-terms';
import { isLiveUsage } from '../lib/usage-status';
import { PromotionActions } from './promotion-actions';
import { PromotionCard } from './promotion-card';
import { PromotionNotices } from './promotion-notices';
import classes from './promotions.module.css';

/**
 * /player/promotion: the open promotions as cards, the one in use highlighted. `hasBankAccount`,
 * `onUsageChanged` and `threshold` come from the route (the bank feature owns the account, other features
 * their caches, the agency its limits).
 */
export function PromotionPage({
  hasBankAccount,
  onUsageChanged,
  threshold,
}: {
  hasBankAccount: boolean;
  onUsageChanged: () => void;
  /** The agency's promotion credit threshold (THB), for the rules each card shows before Use takes it. */
  threshold: string;
}) {
  const { t, i18n } = useTranslation();
  const { data: list } = usePromotions();
  const { data: current } = useCurrentUsage();
  const { data: backlist } = useBacklist();
  const usage = isLiveUsage(current.usage) ? current.usage : null;
  // The promotion in use may have been closed by the operator since: its usage still shows, on its own.
  const isUsageListed = usage !== null && list.promotions.some((item) => item.id === usage.promotionId);

  return (
    <Container size="xl" className="page">
      <PageHeader
        title={t('pages.promotion.title')}
        subtitle={t('pages.promotion.description')}
        icon={IconGift}
        actions={
          <HistoryLink
            to="/player/promotion/history"
            label={t('nav.promotionHistory')}
            testId="promotion-history-link"
          />
        }
      />
      <PromotionNotices isBlocked={backlist.blocked} hasBankAccount={hasBankAccount} />
      {usage && !isUsageListed ? (
        <Paper className="panel" p="md" radius="lg" mb="lg" data-testid="promotion-unlisted-usage">
          <Stack gap="sm">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('promotion.current')}
            </Text>
            <Title order={2} size="h4">
              {localizedText(usage.title, i18n.resolvedLanguage)}
            </Title>
            <PromotionActions
              promotion={{ id: usage.promotionId, providers: [usage.provider] }}
              usage={usage}
              isBlocked={backlist.blocked}
              onUsageChanged={onUsageChanged}
            />
          </Stack>
        </Paper>
      ) : null}
      {list.promotions.length === 0 ? (
        <Paper className="panel" p="xl" radius="lg" data-testid="promotions-empty">
          <Stack align="center" gap="sm">
            <IconGift size={36} className="text-gold" />
            <Text c="dimmed" ta="center">
              {t('promotion.empty')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <div className={classes.grid}>
          {list.promotions.map((promotion) => (
            <PromotionCard
              key={promotion.id}
              promotion={promotion}
              usage={usage?.promotionId === promotion.id ? usage : null}
              isBlocked={backlist.blocked}
              onUsageChanged={onUsageChanged}
              threshold={threshold}
            />
          ))}
        </div>
      )}
    </Container>
  );
}
