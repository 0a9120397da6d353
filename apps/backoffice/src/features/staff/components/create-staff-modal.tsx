import { STAFF_ROLES, type TStaffRole } from '@lc/shared/contracts/ops-staff';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@/components/copy-text';
import { ErrorAlert } from '@/components/error-alert';
import { useCreateStaff } from '../api/create-staff';

/**
 * Creates a member, then shows the one-time initial password to hand over in person (never again). A finance
 * or admin member is a request instead: a second admin approves it on the Approvals page and gets the password.
 */
export function CreateStaffModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateStaff();
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [role, setRole] = useState<TStaffRole>('support');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ username: username.trim(), displayName: displayName.trim() || username.trim(), role });
  };
  const answer = create.data;
  const created = answer && 'staff' in answer ? answer : null;
  return (
    <Modal opened onClose={onClose} title={t('staff.create')} centered closeOnClickOutside={!answer}>
      {answer && 'approval' in answer ? (
        <Stack data-testid="staff-requested">
          <Text size="sm">
            {t('staff.creationRequested', { username: answer.approval.payload.username ?? '' })}
          </Text>
          <Button onClick={onClose} data-testid="staff-requested-close">
            {t('done')}
          </Button>
        </Stack>
      ) : created ? (
        <Stack data-testid="staff-created">
          <Text size="sm">{t('staff.createdFor', { username: created.staff.username })}</Text>
          <CopyText value={created.initialPassword} testId="initial-password" />
          <Alert color="yellow">{t('staff.initialPasswordHint')}</Alert>
          <Button onClick={onClose} data-testid="staff-created-close">
            {t('done')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} data-testid="create-staff-form">
          <Stack>
            <TextInput
              label={t('staff.username')}
              name="username"
              required
              autoComplete="off"
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
            <TextInput
              label={t('staff.displayName')}
              name="displayName"
              value={displayName}
              onChange={(event) => setDisplayName(event.currentTarget.value)}
            />
            <Select
              label={t('staff.role')}
              name="role"
              required
              allowDeselect={false}
              data={STAFF_ROLES.map((value) => ({ value, label: t(`role.${value}`) }))}
              value={role}
              onChange={(value) => value && setRole(value as TStaffRole)}
              data-testid="staff-role"
            />
            <ErrorAlert error={create.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="create-staff-submit">
                {t('staff.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
