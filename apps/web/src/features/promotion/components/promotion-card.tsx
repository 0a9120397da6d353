import type { TPromotion, TPromotionUsage } from '@lc/shared/contracts/promotions';
import { Anchor, Badge, Group, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { localizedText } from '../lib/promotion-terms';
import { PromotionActions } from './promotion-actions';
import { PromotionFigures } from './promotion-figures';
import classes from './promotions.module.css';

/** One promotion of the list: image, title, the start of its description, deposit and bonus, actions, detail link. */
export function PromotionCard({
  promotion,
  usage,
  isBlocked,
  onUsageChanged,
  threshold,
}: {
  promotion: TPromotion;
  /** The player's usage in use when it is of this promotion (the card is then highlighted), else null. */
  usage: TPromotionUsage | null;
  isBlocked: boolean;
  onUsageChanged?: () => void;
  /** The agency's promotion credit threshold (THB): Use shows every rule before taking it. */
  threshold: string;
}) {
  const { t, i18n } = useTranslation();
  const title = localizedText(promotion.title, i18n.resolvedLanguage);
  return (
    <article
      className={classes.card}
      data-current={usage ? true : undefined}
      data-testid="promotion-card"
      data-promotion-id={promotion.id}
    >
      <div className={classes.media}>
        <img
          className={classes.image}
          src={promotion.imageUrl}
          alt=""
          width={640}
          height={360}
          loading="lazy"
        />
        {usage ? (
          <Badge className={classes.ribbon} color="gold" radius="sm" data-testid="promotion-current">
            {t('promotion.current')}
          </Badge>
        ) : null}
      </div>
      <div className={classes.body}>
        <Title order={2} size="h4" className={classes.title} data-testid="promotion-title">
          {title}
        </Title>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {localizedText(promotion.description, i18n.resolvedLanguage)}
        </Text>
        <PromotionFigures promotion={promotion} />
        <div className={classes.actions}>
          <PromotionActions
            promotion={promotion}
            usage={usage}
            isBlocked={isBlocked}
            onUsageChanged={onUsageChanged}
            terms={{ promotion, threshold }}
          />
        </div>
        <Group justify="flex-end">
          <Anchor
            // renderRoot keeps the route's typed params, which `component={Link}` loses.
            renderRoot={(props) => (
              <Link to="/player/promotion/$promotionId" params={{ promotionId: promotion.id }} {...props} />
            )}
            size="sm"
            aria-label={`${t('promotion.detail')}: ${title}`}
            data-testid="promotion-detail-link"
          >
            {t('promotion.detail')} →
          </Anchor>
        </Group>
      </div>
    </article>
  );
}
