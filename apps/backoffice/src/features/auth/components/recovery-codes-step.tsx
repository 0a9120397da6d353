import { Alert, Button, Checkbox, List, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@/components/copy-text';

/** The ten recovery codes, shown this once; the member says they kept them before going on. */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [isKept, setIsKept] = useState(false);
  return (
    <Stack data-testid="recovery-codes">
      <Alert color="yellow">{t('signIn.recoveryHint')}</Alert>
      <List listStyleType="none" spacing={4}>
        {codes.map((code) => (
          <List.Item key={code}>
            <CopyText value={code} testId="recovery-code" />
          </List.Item>
        ))}
      </List>
      <CopyText value={codes.join('\n')} shown={t('signIn.allCodes')} />
      <Checkbox
        label={t('signIn.keptCodes')}
        checked={isKept}
        onChange={(event) => setIsKept(event.currentTarget.checked)}
        data-testid="recovery-kept"
      />
      <Button disabled={!isKept} onClick={onDone} data-testid="recovery-continue">
        {t('continue')}
      </Button>
    </Stack>
  );
}
