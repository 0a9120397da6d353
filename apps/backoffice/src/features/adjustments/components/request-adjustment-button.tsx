import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/role-gate';
import { AdjustmentModal, type TAdjustmentPlayer } from './adjustment-modal';

/**
 * "Request an adjustment" (finance+), the one way in to the request from both pages that offer it: a
 * player's page (player given) and Approvals (player id typed). Nothing for members below finance.
 */
export function RequestAdjustmentButton({ player }: { player?: TAdjustmentPlayer }) {
  const { t } = useTranslation();
  const canRequest = useCan('finance');
  const [isOpen, setIsOpen] = useState(false);
  if (!canRequest) return null;
  return (
    <>
      <Button onClick={() => setIsOpen(true)} data-testid="request-adjustment">
        {t('approvals.requestAdjustment')}
      </Button>
      {isOpen ? <AdjustmentModal player={player} onClose={() => setIsOpen(false)} /> : null}
    </>
  );
}
