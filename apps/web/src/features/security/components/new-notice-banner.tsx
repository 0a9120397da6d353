import { Alert, Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconShield } from '@/components/icons';
import { useNoticesInBackground } from '../api/get-notices';
import { paymentNoticeText } from '../lib/payment-notice';
import { readSeenNoticesAt, unseenNotices, writeSeenNoticesAt } from '../lib/seen-notices';

/** A dismissible banner over player pages while there are notices this device has not shown yet. */
export function NewNoticeBanner({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const { data } = useNoticesInBackground();
  const [seenAt, setSeenAt] = useState(() => readSeenNoticesAt(localStorage, playerId));
  const unseen = unseenNotices(data?.notices ?? [], seenAt);
  const newest = unseen[0];
  if (!newest) return null;
  const dismiss = () => {
    writeSeenNoticesAt(localStorage, playerId, newest.at);
    setSeenAt(newest.at);
  };
  return (
    <div className="notice-banner">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconShield size={18} />}
        withCloseButton
        closeButtonLabel={t('security.banner.dismiss')}
        onClose={dismiss}
        title={t(`security.notices.kind.${newest.kind}`)}
        data-testid="notice-banner"
      >
        {newest.payment ? `${paymentNoticeText(t, newest)} ` : ''}
        {unseen.length > 1 ? `${t('security.banner.more', { count: unseen.length - 1 })} ` : ''}
        {newest.payment ? (
          // What staff did with a payment: its order is in the deposit history (decision 0074).
          <Anchor component={Link} to="/player/deposit/history" onClick={dismiss} fw={700}>
            {t('nav.depositHistory')}
          </Anchor>
        ) : (
          <Anchor component={Link} to="/player/security" onClick={dismiss} fw={700}>
            {t('security.banner.review')}
          </Anchor>
        )}
      </Alert>
    </div>
  );
}
