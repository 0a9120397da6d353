import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Copy and done marks as drawn icons: the fonts of the console's scripts carry no such symbols. */
function CopyIcon({ isDone }: { isDone: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {isDone ? (
        <path d="M5 12l5 5L20 7" />
      ) : (
        <>
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h8" />
        </>
      )}
    </svg>
  );
}

/**
 * A code, reference, account number or amount as plain selectable text, with a button that copies it. The
 * button's name says what it copies ("Copy ACC-123"), so a screen reader and voice control find it.
 */
export function CopyText({ value, shown, testId }: { value: string; shown?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Text span size="sm" className="lc-code" data-testid={testId}>
        {shown ?? value}
      </Text>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('copied') : t('copy')} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              onClick={copy}
              aria-label={copied ? t('copied') : t('copyValue', { value: shown ?? value })}
            >
              <CopyIcon isDone={copied} />
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
