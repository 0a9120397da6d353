import { Button, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { installPromptStore, promptInstall } from '@/lib/install-prompt';
import { IconInstall } from '../icons';

/**
 * The drawer's "Install app" entry, shown only while the browser offers to install the app (Chromium's
 * `beforeinstallprompt`; not once installed, and never on browsers without the event).
 */
export function InstallAppButton({ onInstall }: { onInstall: () => void }) {
  const { t } = useTranslation();
  const canInstall = useSyncExternalStore(installPromptStore.subscribe, installPromptStore.canInstall);
  if (!canInstall) return null;
  return (
    <Stack gap={4} px="sm" mb="sm" data-testid="install-app">
      <Button
        variant="light"
        leftSection={<IconInstall />}
        onClick={() => {
          onInstall();
          void promptInstall();
        }}
      >
        {t('installableApp.install')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('installableApp.installHint')}
      </Text>
    </Stack>
  );
}
