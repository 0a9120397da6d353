import type { TOpsPromotion } from '@lc/shared/contracts/ops-promotions';
import { BONUS_TYPES, TARGET_TYPES, type TBonusType } from '@lc/shared/contracts/promotions';
import { LANGUAGES } from '@lc/shared/languages';
import { PROVIDERS } from '@lc/shared/providers';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayTimeInput } from '@/components/day-time-input';
import { ErrorAlert } from '@/components/error-alert';
import { useSavePromotion } from '../api/save-promotion';
import { type TPromotionDraft, toDraft, toRequest } from '../lib/promotion-draft';

type Limit = TPromotionDraft['withdraw']['min'];

/** Create or edit a promotion: its texts in every language, figures, rules and dates. */
export function PromotionFormModal({
  promotion,
  onClose,
}: {
  promotion?: TOpsPromotion;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePromotion();
  const [draft, setDraft] = useState(() => toDraft(promotion));
  const set = (patch: Partial<TPromotionDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const setWithdraw = (patch: Partial<TPromotionDraft['withdraw']>) =>
    set({ withdraw: { ...draft.withdraw, ...patch } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ body: toRequest(draft), id: promotion?.id }, { onSuccess: onClose });
  };
  const typeOptions = (types: readonly string[]) =>
    types.map((value) => ({ value, label: t(`promotions.types.${value}`) }));
  const limitInput = (name: 'min' | 'max', limit: Limit) => (
    <Group grow align="end">
      <Select
        label={t(`promotions.withdraw${name === 'min' ? 'Min' : 'Max'}`)}
        data={[{ value: '', label: t('promotions.none') }, ...typeOptions(BONUS_TYPES)]}
        value={limit?.type ?? ''}
        onChange={(type) =>
          setWithdraw({ [name]: type ? { type: type as TBonusType, value: limit?.value ?? '' } : null })
        }
      />
      <TextInput
        label={t('promotions.value')}
        disabled={!limit}
        value={limit?.value ?? ''}
        onChange={(event) => limit && setWithdraw({ [name]: { ...limit, value: event.currentTarget.value } })}
      />
    </Group>
  );
  return (
    <Modal opened onClose={onClose} title={t(promotion ? 'promotions.edit' : 'promotions.create')} size="xl">
      <form onSubmit={submit} data-testid="promotion-form">
        <Stack>
          <Fieldset legend={t('promotions.texts')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {LANGUAGES.map((lng) => (
                <Stack key={lng} gap="xs">
                  <TextInput
                    label={t('promotions.titleIn', { language: t(`languages.${lng}`) })}
                    required
                    value={draft.title[lng]}
                    onChange={(event) => set({ title: { ...draft.title, [lng]: event.currentTarget.value } })}
                  />
                  <Textarea
                    label={t('promotions.descriptionIn', { language: t(`languages.${lng}`) })}
                    required
                    autosize
                    minRows={2}
                    value={draft.description[lng]}
                    onChange={(event) =>
                      set({ description: { ...draft.description, [lng]: event.currentTarget.value } })
                    }
                  />
                </Stack>
              ))}
            </SimpleGrid>
          </Fieldset>
          <TextInput
            label={t('promotions.imageUrl')}
            required
            value={draft.imageUrl}
            onChange={(event) => set({ imageUrl: event.currentTarget.value })}
          />
          <Checkbox.Group
            label={t('promotions.providers')}
            value={draft.providers}
            onChange={(value) => set({ providers: value as TPromotionDraft['providers'] })}
          >
            <Group mt="xs">
              {PROVIDERS.map((provider) => (
                <Checkbox key={provider} value={provider} label={t(`providers.${provider}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('promotions.depositAmount')}
              required
              inputMode="numeric"
              value={draft.depositAmount}
              onChange={(event) => set({ depositAmount: event.currentTarget.value })}
            />
            <Select
              label={t('promotions.bonusType')}
              allowDeselect={false}
              data={typeOptions(BONUS_TYPES)}
              value={draft.bonus.type}
              onChange={(type) => type && set({ bonus: { ...draft.bonus, type: type as TBonusType } })}
            />
            <TextInput
              label={t('promotions.bonusValue')}
              required
              value={draft.bonus.value}
              onChange={(event) => set({ bonus: { ...draft.bonus, value: event.currentTarget.value } })}
            />
            <TextInput
              label={t('promotions.bonusMax')}
              value={draft.bonus.max ?? ''}
              onChange={(event) => set({ bonus: { ...draft.bonus, max: event.currentTarget.value || null } })}
            />
            <Select
              label={t('promotions.targetType')}
              allowDeselect={false}
              data={typeOptions(TARGET_TYPES)}
              value={draft.targetCredit.type}
              onChange={(type) =>
                type &&
                set({
                  targetCredit: {
                    ...draft.targetCredit,
                    type: type as TPromotionDraft['targetCredit']['type'],
                  },
                })
              }
            />
            <TextInput
              label={t('promotions.targetValue')}
              required
              value={draft.targetCredit.value}
              onChange={(event) =>
                set({ targetCredit: { ...draft.targetCredit, value: event.currentTarget.value } })
              }
            />
          </SimpleGrid>
          <Fieldset legend={t('promotions.withdrawRules')}>
            <Stack>
              <Switch
                label={t('promotions.withdrawAll')}
                checked={draft.withdraw.all}
                onChange={(event) => setWithdraw({ all: event.currentTarget.checked })}
              />
              {limitInput('min', draft.withdraw.min)}
              {limitInput('max', draft.withdraw.max)}
              <Switch
                label={t('promotions.deductBonus')}
                checked={draft.withdraw.deductBonus}
                onChange={(event) => setWithdraw({ deductBonus: event.currentTarget.checked })}
              />
            </Stack>
          </Fieldset>
          <Group>
            <Switch
              label={t('promotions.firstOrderOnly')}
              checked={draft.firstOrderOnly}
              onChange={(event) => set({ firstOrderOnly: event.currentTarget.checked })}
            />
            <Switch
              label={t('promotions.oncePerPlayer')}
              checked={draft.oncePerPlayer}
              onChange={(event) => set({ oncePerPlayer: event.currentTarget.checked })}
            />
            <Switch
              label={t('promotions.active')}
              checked={draft.active}
              onChange={(event) => set({ active: event.currentTarget.checked })}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DayTimeInput
              label={t('promotions.startsAt')}
              name="startsAt"
              isRequired
              value={draft.startsAt}
              onChange={(startsAt) => set({ startsAt })}
            />
            <DayTimeInput
              label={t('promotions.endsAt')}
              name="endsAt"
              value={draft.endsAt}
              onChange={(endsAt) => set({ endsAt })}
            />
          </SimpleGrid>
          <ErrorAlert error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
