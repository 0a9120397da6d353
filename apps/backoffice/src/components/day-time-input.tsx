import { Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from './day-input';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A moment typed as a DD/MM/YYYY day and an HH:mm time (24 h), the console's date shape, where a native
 * `datetime-local` field would show the browser's own order and clock. The value is `YYYY-MM-DDTHH:mm` in
 * local time (what promotion-draft.ts reads), '' until both parts are whole.
 */
export function DayTimeInput({
  label,
  name,
  value,
  onChange,
  isRequired = false,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  isRequired?: boolean;
}) {
  const { t } = useTranslation();
  const [initialDay = '', initialTime = ''] = value ? value.split('T') : [];
  const [day, setDay] = useState<string | null>(initialDay);
  const [time, setTime] = useState(initialTime);
  const emit = (nextDay: string | null, nextTime: string) =>
    onChange(nextDay && TIME.test(nextTime) ? `${nextDay}T${nextTime}` : '');
  const isTimeInvalid = time !== '' && !TIME.test(time);
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <DayInput
        label={label}
        name={`${name}Day`}
        isRequired={isRequired}
        value={day ?? ''}
        onChange={(next) => {
          setDay(next);
          emit(next, time);
        }}
      />
      <TextInput
        label={t('dates.time')}
        name={`${name}Time`}
        value={time}
        placeholder="HH:mm"
        inputMode="numeric"
        maxLength={5}
        w={90}
        required={isRequired}
        error={isTimeInvalid ? t('dates.invalidTime') : undefined}
        onChange={(event) => {
          const next = event.currentTarget.value.trim();
          setTime(next);
          emit(day, next);
        }}
      />
    </Group>
  );
}
