import {
  HEX_COLOR,
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  type TAgencySettings,
  type TPutAgencySettingsRequest,
} from '@lc/shared/contracts/ops-agency';
import { LANGUAGES, type TLanguage } from '@lc/shared/languages';
import { BANKS, type TBank } from '@lc/shared/providers';
import { isApiError } from '@lc/ui/api-client';
import { DEFAULT_PRIMARY_COLOR, primaryPaletteOf } from '@lc/ui/theme';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  ColorInput,
  ColorSwatch,
  FileButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { useCan } from '@/components/role-gate';
import { errorMessage } from '@/lib/error-message';
import { useUpdateAgencySettings } from '../api/update-agency-settings';
import { useUploadLogo } from '../api/upload-logo';

const LIMITS = [
  ['depositMin', 'LAK'],
  ['depositMax', 'LAK'],
  ['withdrawMin', 'THB'],
  ['withdrawMax', 'THB'],
  ['creditBelow', 'THB'],
  ['promotionCreditBelow', 'THB'],
  ['approvalThreshold', 'THB'],
] as const;
const LIMIT_HINTS: Partial<Record<(typeof LIMITS)[number][0], string>> = {
  creditBelow: 'settings.creditBelowHint',
  approvalThreshold: 'settings.approvalThresholdHint',
};
const SHADES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
const SOCIAL = ['whatsapp', 'line', 'facebook', 'telegram', 'twitter'] as const;
const CONTACTS = ['phone', 'email'] as const;
// Brand colours an admin may start from: the platform's gold and a few of Mantine's.
const SWATCHES = [DEFAULT_PRIMARY_COLOR, '#1c7ed6', '#e03131', '#2f9e44', '#7048e8', '#f76707', '#0ca678'];

type TDraft = {
  /** name, social.*, contacts.*, limits.*, theme.primaryColor: the texts as typed. */
  texts: Record<string, string>;
  languages: TLanguage[];
  acceptedBanks: TBank[];
};

function draftOf(settings: TAgencySettings): TDraft {
  const texts: Record<string, string> = {
    name: settings.name,
    'theme.primaryColor': settings.theme.primaryColor,
  };
  for (const [name] of LIMITS) texts[`limits.${name}`] = settings.limits[name] ?? '';
  for (const name of SOCIAL) texts[`social.${name}`] = settings.social[name] ?? '';
  for (const name of CONTACTS) texts[`contacts.${name}`] = settings.contacts[name] ?? '';
  return { texts, languages: settings.languages, acceptedBanks: settings.acceptedBanks };
}

/** The whole PUT body: empty links, contacts and creditBelow as null (none). */
function requestOf(draft: TDraft): TPutAgencySettingsRequest {
  const text = (field: string) => draft.texts[field]?.trim() ?? '';
  const orNull = (field: string) => text(field) || null;
  return {
    name: text('name'),
    social: Object.fromEntries(
      SOCIAL.map((name) => [name, orNull(`social.${name}`)]),
    ) as TPutAgencySettingsRequest['social'],
    contacts: { phone: orNull('contacts.phone'), email: orNull('contacts.email') },
    theme: { primaryColor: text('theme.primaryColor') },
    languages: draft.languages,
    acceptedBanks: draft.acceptedBanks,
    limits: {
      depositMin: text('limits.depositMin'),
      depositMax: text('limits.depositMax'),
      withdrawMin: text('limits.withdrawMin'),
      withdrawMax: text('limits.withdrawMax'),
      creditBelow: orNull('limits.creditBelow'),
      promotionCreditBelow: text('limits.promotionCreditBelow'),
      approvalThreshold: text('limits.approvalThreshold'),
    },
  };
}

/** Which specific texts explain a field's problem (`settings.fieldErrors.<kind>.<CODE>`), before the generic. */
function kindOf(field: string): string {
  if (field === 'theme.primaryColor') return 'primaryColor';
  if (field.startsWith('social.')) return 'link';
  if (field === 'limits.depositMax' || field === 'limits.withdrawMax') return 'limitMax';
  return field;
}

/**
 * The translated problem of a field from a 400's `fields`, its own or an item's (`acceptedBanks.1`): a text of
 * the settings page for the field's kind when there is one, else the generic one of the code.
 */
function fieldProblem(t: TFunction, error: unknown, field: string): string | undefined {
  if (!isApiError(error)) return undefined;
  const code = Object.entries(error.fields).find(
    ([key]) => key === field || key.startsWith(`${field}.`),
  )?.[1];
  if (!code) return undefined;
  return t([
    `settings.fieldErrors.${kindOf(field)}.${code}`,
    `errors:fields.${code}`,
    'errors:fields.INVALID',
  ]);
}

/** A file's type as the API takes it: some systems give an SVG no type at all. */
function logoTypeOf(file: File): string {
  if (file.type) return file.type;
  return /\.svg$/i.test(file.name) ? 'image/svg+xml' : /\.png$/i.test(file.name) ? 'image/png' : '';
}

/**
 * The logo as players see it (on the app's navy) and, for an admin, its upload: a PNG or an SVG of at most
 * 200 KB, checked here first and by the API (an SVG with scripts or outside references is refused). Sent as soon
 * as it is chosen; the page then shows the new one.
 */
function LogoField({ logoUrl, name, canEdit }: { logoUrl: string; name: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (file: File | null) => {
    if (!file) return;
    upload.reset();
    const type = logoTypeOf(file);
    if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(type)) {
      setProblem(t('settings.fieldErrors.logo.INVALID_FORMAT'));
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setProblem(t('settings.fieldErrors.logo.TOO_LONG'));
      return;
    }
    setProblem(null);
    upload.mutate(new Blob([file], { type }));
  };
  const refused = upload.error
    ? (fieldProblem(t, upload.error, 'logo') ?? errorMessage(t, upload.error))
    : null;
  const message = problem ?? refused;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="logo-label">
        {t('settings.logo')}
      </Text>
      <Group gap="md" align="center">
        <div className="logo-preview">
          <img
            src={logoUrl}
            alt={t('settings.logoOf', { name })}
            width={150}
            height={48}
            data-testid="logo-preview"
          />
        </div>
        {canEdit ? (
          <FileButton onChange={choose} accept={LOGO_CONTENT_TYPES.join(',')} inputProps={{ name: 'logo' }}>
            {(props) => (
              <Button variant="default" loading={upload.isPending} data-testid="logo-upload" {...props}>
                {t('settings.uploadLogo')}
              </Button>
            )}
          </FileButton>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {t('settings.logoHint')}
      </Text>
      {message ? (
        <Text size="sm" c="red" role="alert" data-testid="logo-error">
          {message}
        </Text>
      ) : null}
      {upload.isSuccess ? (
        <Text size="sm" c="teal" role="status" data-testid="logo-uploaded">
          {t('settings.logoUploaded')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The ten shades players' app derives from the colour, as a strip (the palette of packages/ui). */
function PalettePreview({ color }: { color: string }) {
  if (!HEX_COLOR.test(color)) return null;
  const palette = primaryPaletteOf(color);
  return (
    <Group gap={4} aria-hidden="true" data-testid="palette-preview">
      {SHADES.map((shade) => (
        <ColorSwatch key={shade} color={palette[shade] ?? color} size={shade === 5 ? 22 : 16} radius="sm" />
      ))}
    </Group>
  );
}

/**
 * The agency's brand (name, logo, colour, social links, languages, accepted banks), contacts and limits (with
 * creditBelow and the four-eyes threshold). An admin edits and saves them as a whole, the logo on its own;
 * other members read them. A refused field says why beside itself. Players see a change at their next load.
 */
export function AgencySettingsForm({ settings }: { settings: TAgencySettings }) {
  const { t } = useTranslation();
  const canEdit = useCan('admin');
  const update = useUpdateAgencySettings();
  const [draft, setDraft] = useState<TDraft>(() => draftOf(settings));
  const setText = (field: string, value: string) =>
    setDraft((current) => ({ ...current, texts: { ...current.texts, [field]: value } }));
  const input = (
    field: string,
    label: string,
    extra: { description?: string; inputMode?: 'decimal' | 'url'; placeholder?: string } = {},
  ) => (
    <TextInput
      key={field}
      label={label}
      name={field}
      value={draft.texts[field] ?? ''}
      readOnly={!canEdit}
      onChange={(event) => setText(field, event.currentTarget.value)}
      error={fieldProblem(t, update.error, field)}
      {...extra}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(requestOf(draft), { onSuccess: ({ settings: saved }) => setDraft(draftOf(saved)) });
  };
  const color = draft.texts['theme.primaryColor'] ?? '';
  return (
    <form onSubmit={submit} data-testid="agency-form" aria-labelledby="agency-settings-title">
      <Stack>
        <Title order={2} size="h3" id="agency-settings-title">
          {t('settings.agency')}
        </Title>
        <Card withBorder radius="md">
          <Title order={3} size="h4" mb="sm">
            {t('settings.brand')}
          </Title>
          <Stack>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Stack>
                {input('name', t('settings.name'))}
                <div>
                  <ColorInput
                    label={t('settings.primaryColor')}
                    description={t('settings.primaryColorHint')}
                    name="theme.primaryColor"
                    format="hex"
                    value={color}
                    readOnly={!canEdit}
                    disallowInput={!canEdit}
                    withPicker={canEdit}
                    withEyeDropper={false}
                    swatches={canEdit ? SWATCHES : undefined}
                    swatchesPerRow={7}
                    onChange={(value) => setText('theme.primaryColor', value)}
                    error={fieldProblem(t, update.error, 'theme.primaryColor')}
                    data-testid="primary-color"
                  />
                  <Group gap="xs" mt={8}>
                    <PalettePreview color={color} />
                  </Group>
                </div>
              </Stack>
              <LogoField logoUrl={settings.logoUrl} name={settings.name} canEdit={canEdit} />
            </SimpleGrid>
            <Checkbox.Group
              label={t('settings.languagesLabel')}
              value={draft.languages}
              onChange={(value) =>
                canEdit && setDraft((current) => ({ ...current, languages: value as TLanguage[] }))
              }
              error={fieldProblem(t, update.error, 'languages')}
              data-testid="agency-languages"
            >
              <Group gap="md" mt={6}>
                {LANGUAGES.map((language) => (
                  <Checkbox
                    key={language}
                    value={language}
                    label={t(`languages.${language}`)}
                    disabled={!canEdit}
                  />
                ))}
              </Group>
            </Checkbox.Group>
            <Checkbox.Group
              label={t('settings.acceptedBanks')}
              description={t('settings.acceptedBanksHint')}
              value={draft.acceptedBanks}
              onChange={(value) =>
                canEdit && setDraft((current) => ({ ...current, acceptedBanks: value as TBank[] }))
              }
              error={fieldProblem(t, update.error, 'acceptedBanks')}
              data-testid="accepted-banks"
            >
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs" mt={6}>
                {BANKS.map((bank) => (
                  <Checkbox key={bank} value={bank} label={t(`banks.${bank}`)} disabled={!canEdit} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          </Stack>
        </Card>
        <Card withBorder radius="md">
          <Title order={3} size="h4" mb="sm">
            {t('settings.contacts')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {SOCIAL.map((name) =>
              input(`social.${name}`, t(`settings.socialNames.${name}`), {
                inputMode: 'url',
                placeholder: 'https://',
              }),
            )}
            {CONTACTS.map((name) => input(`contacts.${name}`, t(`settings.contactNames.${name}`)))}
          </SimpleGrid>
        </Card>
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
                  description: LIMIT_HINTS[name] ? t(LIMIT_HINTS[name]) : undefined,
                },
              ),
            )}
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
