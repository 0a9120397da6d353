import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';

const NOTICE_ID = 'update-available';

function UpdateAvailable({ onUpdate }: { onUpdate: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="flex-start" data-testid="update-available">
      <Text size="sm">{t('installableApp.updateBody')}</Text>
      <Button size="xs" onClick={onUpdate}>
        {t('installableApp.updateNow')}
      </Button>
    </Stack>
  );
}

/**
 * The "update available" notice: stays until the player updates or closes it (a later visit asks again).
 * At the bottom, not where the other toasts are: they go after 5 s, this one stays, and at the top of a phone
 * it covered the top bar (menu, language, account) until closed. On phones it sits above the bottom bar
 * (styles.css).
 */
export function showUpdateAvailable(onUpdate: () => void): void {
  notifications.show({
    id: NOTICE_ID,
    position: 'bottom-center',
    title: <UpdateTitle />,
    message: <UpdateAvailable onUpdate={onUpdate} />,
    autoClose: false,
    withCloseButton: true,
  });
}

// A component, not a `t()` call at show time, so the notice follows a language change while it is open.
function UpdateTitle() {
  const { t } = useTranslation();
  return <>{t('installableApp.updateTitle')}</>;
}
