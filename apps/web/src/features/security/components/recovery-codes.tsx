import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlert } from '@/components/icons';

/** The ten recovery codes, shown once right after TOTP is switched on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlert size={18} />}
        title={t('security.recovery.title')}
      >
        {t('security.recovery.body')}
      </Alert>
      <SimpleGrid cols={{ base: 2, xs: 2, sm: 5 }} spacing="xs" data-testid="recovery-codes">
        {codes.map((code) => (
          <Text key={code} ff="monospace" fw={700} className="recovery-code" data-testid="recovery-code">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <div>
        <Button variant="light" onClick={onDone} data-testid="recovery-done">
          {t('security.recovery.done')}
        </Button>
      </div>
    </Stack>
  );
}
