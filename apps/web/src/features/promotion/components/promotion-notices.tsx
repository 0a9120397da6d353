import { Alert, Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconAlert, IconBank } from '@/components/icons';

/**
 * Why the player cannot take a promotion right now, above the promotions: barred by the operator
 * (spec: 'this account is blocked from receiving promotions'), or no bank account yet.
 */
export function PromotionNotices({
  isBlocked,
  hasBankAccount,
}: {
  isBlocked: boolean;
  hasBankAccount: boolean;
}) {
  const { t } = useTranslation();
  if (isBlocked) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlert size={18} />}
        mb="lg"
        data-testid="promotion-blocked"
      >
        {t('errors:messages.blockedFromPromotions')}
      </Alert>
    );
  }
  if (!hasBankAccount) {
    return (
      <Alert
        color="gold"
        variant="light"
        icon={<IconBank size={18} />}
        mb="lg"
        data-testid="promotion-needs-bank"
      >
        {t('errors:messages.addBankForPromotion')}{' '}
        <Anchor component={Link} to="/player/bank" size="sm" fw={700}>
          {t('orders.addBankAccount')}
        </Anchor>
      </Alert>
    );
  }
  return null;
}
