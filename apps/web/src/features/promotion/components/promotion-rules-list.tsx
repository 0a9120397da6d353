import type { TPromotion } from '@lc/shared/contracts/promotions';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { exchangeRatesQueryOptions } from '@/features/orders/api/get-exchange-rates';
import { promotionExample, promotionRules } from '../lib/promotion-terms';
import classes from './promotions.module.css';

/**
 * Every rule of a promotion in plain words (lib/promotion-terms.ts), with the agency's credit threshold, the
 * game chosen (or "the game you choose") and, once the rates are known, today's figures of its deposit.
 */
export function PromotionRulesList({
  promotion,
  threshold,
  provider = null,
}: {
  promotion: TPromotion;
  threshold: string;
  provider?: string | null;
}) {
  const { t } = useTranslation();
  // Not a suspense query: the rules show at once, today's figures when the rates arrive.
  const { data: rates } = useQuery(exchangeRatesQueryOptions());
  const rules = promotionRules(
    t,
    promotion,
    promotion.providers.map((value) => t(`providers.${value}`)),
    {
      threshold,
      provider: provider ? t(`providers.${provider}`) : null,
      example: rates ? promotionExample(promotion, rates.rates) : null,
    },
  );
  return (
    <ul className={classes.rules} data-testid="promotion-rules">
      {rules.map((rule) => (
        <li key={rule}>{rule}</li>
      ))}
    </ul>
  );
}
