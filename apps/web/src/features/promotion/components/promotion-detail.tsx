import { Anchor, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconArrowLeft } from '@/components/icons';
import { useBacklist } from '../api/get-backlist';
import { useCurrentUsage } from '../api/get-current-usage';
import { usePromotion } from '../api/get-promotion';
import { localizedText } from '../lib/promotion-terms';
import { isLiveUsage } from '../lib/usage-status';
import { PromotionActions } from './promotion-actions';
import { PromotionFigures } from './promotion-figures';
import { PromotionNotices } from './promotion-notices';
import { PromotionRulesList } from './promotion-rules-list';
import classes from './promotions.module.css';

/** /player/promotion/{promotionId}: image, title, description, every rule in plain words and the Use action. */
export function PromotionDetail({
  promotionId,
  hasBankAccount,
  onUsageChanged,
  threshold,
}: {
  promotionId: string;
  hasBankAccount: boolean;
  onUsageChanged: () => void;
  /** The agency's promotion credit threshold (THB), one of the rules. */
  threshold: string;
}) {
  const { t, i18n } = useTranslation();
  const { data } = usePromotion(promotionId);
  const { data: current } = useCurrentUsage();
  const { data: backlist } = useBacklist();
  const { promotion } = data;
  const language = i18n.resolvedLanguage;
  const usage =
    isLiveUsage(current.usage) && current.usage?.promotionId === promotion.id ? current.usage : null;

  return (
    <Container size="lg" className="page" data-testid="promotion-detail" data-promotion-id={promotion.id}>
      <Anchor component={Link} to="/player/promotion" size="sm" mb="md" display="inline-block">
        <Group gap={6} wrap="nowrap">
          <IconArrowLeft size={16} />
          {t('promotion.allPromotions')}
        </Group>
      </Anchor>
      <PromotionNotices isBlocked={backlist.blocked} hasBankAccount={hasBankAccount} />
      <Paper className="panel" p={{ base: 'md', sm: 'xl' }} radius="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="md">
            <img className={classes.detailImage} src={promotion.imageUrl} alt="" width={640} height={360} />
            <Title order={1} size="h2" className={classes.title} data-testid="promotion-title">
              {localizedText(promotion.title, language)}
            </Title>
            <Text className={classes.description} c="dimmed">
              {localizedText(promotion.description, language)}
            </Text>
          </Stack>
          <Stack gap="md">
            <PromotionFigures promotion={promotion} withTarget />
            <Title order={2} size="h4">
              {t('promotion.rulesTitle')}
            </Title>
            <PromotionRulesList promotion={promotion} threshold={threshold} />
            <PromotionActions
              promotion={promotion}
              usage={usage}
              isBlocked={backlist.blocked}
              onUsageChanged={onUsageChanged}
            />
          </Stack>
        </SimpleGrid>
      </Paper>
    </Container>
  );
}
