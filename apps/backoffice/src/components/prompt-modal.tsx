import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';

type PromptModalProps = {
  title: string;
  /** What the action is about (the order, the payment…), shown above the field. */
  summary?: ReactNode;
  label: string;
  submitLabel: string;
  isRequired?: boolean;
  isPending: boolean;
  error: unknown;
  color?: string;
  onSubmit: (value: string) => void;
  onClose: () => void;
};

/** One action that needs one text from staff (a bank reference, a reason), confirmed in a dialog. */
export function PromptModal(props: PromptModalProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(value.trim());
  };
  return (
    <Modal opened onClose={props.onClose} title={props.title} centered>
      <form onSubmit={submit} data-testid="prompt-form">
        <Stack>
          {props.summary ? <Text size="sm">{props.summary}</Text> : null}
          <TextInput
            label={props.label}
            name="value"
            required={props.isRequired}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            data-autofocus
          />
          <ErrorAlert error={props.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={props.isPending} color={props.color} data-testid="prompt-submit">
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
