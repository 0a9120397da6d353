import { Alert } from '@mantine/core';
import { IconAlert } from '@/components/icons';

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlert size={18} />} role="alert" data-testid="form-error">
      {message}
    </Alert>
  );
}
