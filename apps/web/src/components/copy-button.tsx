import { Button, VisuallyHidden } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconCopy } from './icons';

/**
 * Copies `value` and says so in words ("copied", or that copying failed) for two seconds; `label` names what
 * is copied for screen readers and starts with the visible word, so voice control finds it by what it shows.
 */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const clipboard = useClipboard({ timeout: 2000 });
  const text = clipboard.copied
    ? t('common.copied')
    : clipboard.error
      ? t('common.copyFailed')
      : t('common.copy');
  return (
    <>
      <Button
        variant="light"
        size="sm"
        h={44}
        px="sm"
        color={clipboard.error ? 'red' : undefined}
        leftSection={clipboard.copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
        onClick={() => clipboard.copy(value)}
        aria-label={clipboard.copied || clipboard.error ? text : label}
        data-testid={testId}
        data-copied={clipboard.copied || undefined}
      >
        {text}
      </Button>
      <VisuallyHidden role="status">{clipboard.copied ? t('common.copied') : ''}</VisuallyHidden>
    </>
  );
}
