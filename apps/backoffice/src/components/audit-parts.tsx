import type { TAuditEntry } from '@lc/shared/contracts/ops-audit';
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { actionWords, describeChange, objectWords, outcomeWords, type TShown } from '@/lib/audit-words';
import { CopyText } from './copy-text';

/** A shown value in the console's language (translation keys tried in order, the last the raw value). */
export function shownText(t: TFunction, shown: TShown): string {
  return 'text' in shown ? shown.text : t(shown.t, shown.values ?? {});
}

/** `bankReference` → `bank reference`: a field the console has no word for yet still reads as words. */
const humanize = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

function fieldLabel(t: TFunction, path: string[]): string {
  return path
    .map((part) =>
      /^\d+$/.test(part) ? `#${part}` : t(`auditFields.${part}`, { defaultValue: humanize(part) }),
    )
    .join(' · ');
}

/** The action in words; its code stays in `data-action` for tests and for staff who ask support. */
export function AuditActionText({ action }: { action: string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" data-testid="audit-action" data-action={action}>
      {shownText(t, actionWords(action))}
    </Text>
  );
}

/** The object acted on: its kind in words and its id, short when long, copied whole. */
export function AuditObject({ object }: { object: string | null }) {
  const { t } = useTranslation();
  const words = objectWords(object);
  if (!words) return <Text span>—</Text>;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {shownText(t, words.kind)}
      </Text>
      <CopyText value={words.id} shown={words.shortId} />
    </Stack>
  );
}

/** Done, refused or failed, with the refusal's reason in words. */
export function AuditOutcome({ outcome }: { outcome: string }) {
  const { t } = useTranslation();
  const words = outcomeWords(outcome);
  const color = outcome === 'OK' ? 'green' : 'red';
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={color} variant="light" data-testid="audit-outcome" data-outcome={outcome}>
        {shownText(t, words.outcome)}
      </Badge>
      {words.error ? <Text size="xs">{shownText(t, words.error)}</Text> : null}
    </Stack>
  );
}

/** What the entry changed as labelled lines (old → new where both are known), never raw JSON. */
export function AuditChange({ entry }: { entry: Pick<TAuditEntry, 'action' | 'before' | 'after'> }) {
  const { t } = useTranslation();
  const lines = describeChange(entry);
  if (lines.length === 0) return <Text span>—</Text>;
  return (
    <List size="xs" spacing={2} listStyleType="none" data-testid="audit-change" maw={340}>
      {lines.map((line) => (
        <List.Item key={line.path.join('.')}>
          <Group gap={4} wrap="wrap">
            <Text span size="xs" c="dimmed">
              {fieldLabel(t, line.path)}:
            </Text>
            {line.before ? (
              <>
                <Text span size="xs" td="line-through" c="dimmed">
                  {shownText(t, line.before)}
                </Text>
                <Text span size="xs" aria-label={t('audit.becomes')}>
                  →
                </Text>
              </>
            ) : null}
            <Text span size="xs" fw={500}>
              {shownText(t, line.after)}
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
