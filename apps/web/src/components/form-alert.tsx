import { Alert } from '@mantine/core';
import { IconAlert } from './icons';

/** The one error banner of a form (translated API or validation message); renders nothing without one. */
export function FormAlert({ message, testId = 'form-error' }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlert size={18} />} role="alert" data-testid={testId}>
      {message}
    </Alert>
  );
}
