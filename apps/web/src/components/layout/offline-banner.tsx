import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useIsOffline } from '@/lib/network-status';
import { retryFailedCalls } from '@/lib/query-client';
import { IconWifiOff } from '../icons';

/**
 * Under the top bar of every screen while offline (decision 0075): says so the moment the browser or a
 * failed call knows it, and offers to try again; the app also tries again by itself when the network is back.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const isOffline = useIsOffline();
  const queryClient = useQueryClient();
  const router = useRouter();
  if (!isOffline) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner-bar">
      <IconWifiOff size={18} />
      <span data-testid="offline-banner">{t('offline.banner')}</span>
      <button
        type="button"
        className="offline-banner-retry"
        onClick={() => {
          retryFailedCalls(queryClient);
          void router.invalidate();
        }}
      >
        {t('common.retry')}
      </button>
    </div>
  );
}
