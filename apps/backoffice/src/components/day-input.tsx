import { formatDay, parseDay } from '@lc/ui/format-date';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type DayInputProps = {
  label: string;
  name: string;
  /** The day as `YYYY-MM-DD` (addresses and the API), '' for none. */
  value: string;
  /** A typed day as `YYYY-MM-DD`, '' when emptied, null while what is typed is not a day. */
  onChange: (day: string | null) => void;
  testId?: string;
  w?: number;
  isRequired?: boolean;
};

/**
 * A day typed and shown as DD/MM/YYYY, the console's one date shape (packages/ui format-date.ts), whatever the
 * browser's locale: a native date field shows the browser's own order (MM/DD/YYYY in an English browser).
 */
export function DayInput({
  label,
  name,
  value,
  onChange,
  testId,
  w = 150,
  isRequired = false,
}: DayInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(formatDay(value));
  const [isTouched, setIsTouched] = useState(false);
  // A day set from outside (the previous/next day buttons, back and forward) is shown; a day being typed stays.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if ((parseDay(text) ?? '') !== value) setText(formatDay(value));
  }
  const isInvalid = isTouched && text.trim() !== '' && parseDay(text) === null;
  return (
    <TextInput
      label={label}
      name={name}
      value={text}
      placeholder={t('dates.placeholder')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      w={w}
      required={isRequired}
      error={isInvalid ? t('dates.invalid') : undefined}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        onChange(typed.trim() === '' ? '' : parseDay(typed));
      }}
      onBlur={() => setIsTouched(true)}
      data-testid={testId}
    />
  );
}
