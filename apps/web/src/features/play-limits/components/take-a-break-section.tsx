import {
  SELF_EXCLUSION_MONTHS,
  TIME_OUT_DAYS,
  type TRestriction,
  type TSelfExclusionRequest,
  type TTimeOutRequest,
} from '@lc/shared/contracts/play-limits';
import { restrictionEnd } from '@lc/shared/restriction-end';
import { formatDateTime } from '@lc/ui/format-date';
import { Button, Checkbox, Group, Modal, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/error-message';
import { type RestrictPlayInput, useRestrictPlay } from '../api/restrict-play';

type Kind = RestrictPlayInput['kind'];

/**
 * A time-out (short break) or a self-exclusion (long one), each behind a second step: a dialog that says
 * until when and what stops, and a box the player ticks to say it cannot be undone.
 */
export function TakeABreakSection({ kind, restriction }: { kind: Kind; restriction: TRestriction | null }) {
  const { t } = useTranslation();
  const isTimeOut = kind === 'TIME_OUT';
  const choices: readonly number[] = isTimeOut ? TIME_OUT_DAYS : SELF_EXCLUSION_MONTHS;
  const [choice, setChoice] = useState(String(choices[0]));
  const [isConfirming, setIsConfirming] = useState(false);
  const [isUnderstood, setIsUnderstood] = useState(false);
  const restrict = useRestrictPlay();
  const prefix = isTimeOut ? 'playLimits.timeOut' : 'playLimits.selfExclusion';
  const label = (n: number) =>
    isTimeOut
      ? n === 1
        ? t('playLimits.hours24')
        : t('playLimits.days', { n })
      : t('playLimits.months', { n });
  // The choice comes from the contract's own list, so the casts only restore the literal types.
  const input: RestrictPlayInput = isTimeOut
    ? { kind: 'TIME_OUT', days: Number(choice) as TTimeOutRequest['days'] }
    : { kind: 'SELF_EXCLUSION', months: Number(choice) as TSelfExclusionRequest['months'] };
  const close = () => {
    setIsConfirming(false);
    setIsUnderstood(false);
    restrict.reset();
  };

  return (
    <Paper className="panel" p={{ base: 'md', sm: 'lg' }} radius="lg" data-testid={`break-${kind}`}>
      <Title order={2} size="h4" mb={4}>
        {t(`${prefix}.title`)}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t(`${prefix}.body`)}
      </Text>
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          value={choice}
          onChange={setChoice}
          data={choices.map((n) => ({ value: String(n), label: label(n) }))}
          aria-label={t(`${prefix}.title`)}
        />
        <Group>
          <Button
            color="red"
            variant="light"
            onClick={() => setIsConfirming(true)}
            data-testid={`break-${kind}-start`}
          >
            {t(`${prefix}.start`)}
          </Button>
        </Group>
        {restriction ? (
          <Text size="xs" c="dimmed">
            {t('playLimits.onlyLonger', { date: formatDateTime(restriction.until) })}
          </Text>
        ) : null}
      </Stack>
      <Modal opened={isConfirming} onClose={close} title={t('playLimits.confirm.title')} centered>
        <Stack gap="md">
          <Text size="sm">
            {t('playLimits.confirm.body', {
              date: formatDateTime(restrictionEnd(input, new Date())),
            })}
          </Text>
          <FormAlert message={restrict.error ? errorMessage(t, restrict.error) : null} />
          <Checkbox
            checked={isUnderstood}
            onChange={(event) => setIsUnderstood(event.currentTarget.checked)}
            label={t('playLimits.confirm.understand')}
            data-testid="break-understood"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('playLimits.confirm.cancel')}
            </Button>
            <Button
              color="red"
              disabled={!isUnderstood}
              loading={restrict.isPending}
              onClick={() => restrict.mutate(input, { onSuccess: close })}
              data-testid="break-confirm"
            >
              {t('playLimits.confirm.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
