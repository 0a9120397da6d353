import type { TPromotion } from '@lc/shared/contracts/promotions';
import { formatCurrency } from '@lc/ui/format-currency';
import { useTranslation } from 'react-i18next';
import { bonusLabel, targetLabel } from '../lib/promotion-terms';
import classes from './promotions.module.css';

/** The figures a player compares promotions by: the exact deposit (LAK), the bonus and, on the detail, the target. */
export function PromotionFigures({
  promotion,
  withTarget = false,
}: {
  promotion: TPromotion;
  withTarget?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <dl className={classes.figures}>
      <div className={classes.figure}>
        <dt>{t('promotion.depositAmount')}</dt>
        <dd data-testid="promotion-deposit-amount">{formatCurrency(promotion.depositAmount, 'LAK')}</dd>
      </div>
      <div className={classes.figure}>
        <dt>{t('promotion.bonus')}</dt>
        <dd className={classes.bonus} data-testid="promotion-bonus">
          {bonusLabel(t, promotion.bonus)}
        </dd>
      </div>
      {withTarget ? (
        <div className={classes.figure}>
          <dt>{t('promotion.target')}</dt>
          <dd>{targetLabel(t, promotion.targetCredit)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
