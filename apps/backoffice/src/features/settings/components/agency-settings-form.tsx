import type { TOpsAgency, TPutAgencyRequest } from '@lc/shared/contracts/ops-agency';
import { Alert, Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { useCan } from '@/components/role-gate';
import { fieldError } from '@/lib/error-message';
import { useUpdateAgency } from '../api/update-agency';

const LIMITS = [
  ['depositMin', 'LAK'],
  ['depositMax', 'LAK'],
  ['withdrawMin', 'THB'],
  ['withdrawMax', 'THB'],
  ['promotionCreditThreshold', 'THB'],
  ['approvalThreshold', 'THB'],
] as const;
const SOCIAL = ['telegram', 'whatsapp', 'facebook', 'twitter', 'line'] as const;
const CONTACTS = ['phone', 'email'] as const;

type TDraft = Record<string, string>;

function draftOf(agency: TOpsAgency): TDraft {
  const draft: TDraft = {};
  for (const [name] of LIMITS) draft[`limits.${name}`] = agency.limits[name];
  for (const name of SOCIAL) draft[`social.${name}`] = agency.social[name] ?? '';
  for (const name of CONTACTS) draft[`contacts.${name}`] = agency.contacts[name] ?? '';
  return draft;
}

/** The whole PUT body: the form's fields, empty links and contacts as null, the rest as stored. */
function requestOf(agency: TOpsAgency, draft: TDraft): TPutAgencyRequest {
  const text = (field: string) => draft[field]?.trim() ?? '';
  const orNull = (field: string) => text(field) || null;
  return {
    name: agency.name,
    logoUrl: agency.logoUrl,
    languages: agency.languages,
    limits: Object.fromEntries(
      LIMITS.map(([name]) => [name, text(`limits.${name}`)]),
    ) as TPutAgencyRequest['limits'],
    social: Object.fromEntries(
      SOCIAL.map((name) => [name, orNull(`social.${name}`)]),
    ) as TPutAgencyRequest['social'],
    contacts: { phone: orNull('contacts.phone'), email: orNull('contacts.email') },
  };
}

/**
 * The agency's limits (with the four-eyes threshold), contacts and social links. An admin edits and saves
 * them as a whole; other members read them. A refused field says why beside itself.
 */
export function AgencySettingsForm({ agency }: { agency: TOpsAgency }) {
  const { t } = useTranslation();
  const canEdit = useCan('admin');
  const update = useUpdateAgency();
  const [draft, setDraft] = useState<TDraft>(() => draftOf(agency));
  const input = (
    field: string,
    label: string,
    extra: { description?: string; inputMode?: 'decimal' } = {},
  ) => (
    <TextInput
      key={field}
      label={label}
      name={field}
      value={draft[field] ?? ''}
      readOnly={!canEdit}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setDraft((current) => ({ ...current, [field]: value }));
      }}
      error={fieldError(t, update.error, field)}
      {...extra}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(requestOf(agency, draft), { onSuccess: ({ agency: saved }) => setDraft(draftOf(saved)) });
  };
  return (
    <form onSubmit={submit} data-testid="agency-form" aria-labelledby="agency-settings-title">
      <Stack>
        <Title order={2} size="h3" id="agency-settings-title">
          {t('settings.agency')}
        </Title>
        <Card withBorder radius="md">
          <Title order={3} size="h4" mb="sm">
            {t('settings.limits')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {LIMITS.map(([name, currency]) =>
              input(
                `limits.${name}`,
                t('settings.limit', { name: t(`settings.limitNames.${name}`), currency }),
                {
                  inputMode: 'decimal',
                  description: name === 'approvalThreshold' ? t('settings.approvalThresholdHint') : undefined,
                },
              ),
            )}
          </SimpleGrid>
        </Card>
        <Card withBorder radius="md">
          <Title order={3} size="h4" mb="sm">
            {t('settings.contacts')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {CONTACTS.map((name) => input(`contacts.${name}`, t(`settings.contactNames.${name}`)))}
            {SOCIAL.map((name) => input(`social.${name}`, t(`settings.socialNames.${name}`)))}
          </SimpleGrid>
        </Card>
        {canEdit ? (
          <>
            <ErrorAlert error={update.error} hasFieldErrors />
            {update.isSuccess ? (
              <Alert color="green" role="status" data-testid="agency-saved">
                {t('settings.saved')}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending} data-testid="agency-submit">
                {t('save')}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </form>
  );
}
