import { isApiError } from '@lc/ui/api-client';
import { Alert, Anchor, CloseButton, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconAlert } from '@/components/icons';
import { useLandInView } from '@/components/land-in-view';
import { errorMessage } from '@/lib/error-message';

/**
 * Why a game did not open; GAME_NEEDS_DEPOSIT links to the deposit page. It lands in view with the focus (the
 * player pressed Play on a game card further down).
 */
export function LaunchError({ error, onClose }: { error: unknown; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useLandInView<HTMLDivElement>(error);
  const needsDeposit = isApiError(error) && error.code === 'GAME_NEEDS_DEPOSIT';
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      className="land-in-view"
      color={needsDeposit ? 'yellow' : 'red'}
      variant="light"
      icon={<IconAlert size={18} />}
      role="alert"
      mb="md"
      data-testid="game-error"
      data-code={isApiError(error) ? error.code : undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <div>
          {errorMessage(t, error, 'errors:messages.cannotOpenGame')}
          {needsDeposit ? (
            <>
              {' '}
              <Anchor component={Link} to="/player/deposit" fw={700} data-testid="game-deposit-link">
                {t('games.depositNow')}
              </Anchor>
            </>
          ) : null}
        </div>
        <CloseButton size="sm" onClick={onClose} aria-label={t('common.close')} />
      </Group>
    </Alert>
  );
}
