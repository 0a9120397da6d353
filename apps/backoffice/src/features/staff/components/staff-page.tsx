import { STAFF_ROLES, type TStaff, type TStaffRole } from '@lc/shared/contracts/ops-staff';
import { formatDateTime } from '@lc/ui/format-date';
import { Badge, Button, Group, Menu, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@/components/copy-text';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { useMe } from '@/features/auth/api/get-me';
import { errorMessage } from '@/lib/error-message';
import { useStaff } from '../api/get-staff';
import { useResetStaffTotp } from '../api/reset-staff-totp';
import { useUpdateStaff } from '../api/update-staff';
import { CreateStaffModal } from './create-staff-modal';

/** Staff accounts (admin): create, deactivate, reset TOTP, and request role changes (four eyes). */
export function StaffPage() {
  const { t } = useTranslation();
  const me = useMe();
  const staff = useStaff();
  const update = useUpdateStaff();
  const resetTotp = useResetStaffTotp();
  const [isCreating, setIsCreating] = useState(false);
  const failed = (error: unknown) => notifications.show({ color: 'red', message: errorMessage(t, error) });
  const changeRole = (member: TStaff, role: TStaffRole) =>
    update.mutate(
      { id: member.id, body: { role } },
      {
        onSuccess: () =>
          notifications.show({ message: t('staff.roleRequested', { username: member.username }) }),
        onError: failed,
      },
    );
  return (
    <Stack>
      <PageHeader title={t('nav.staff')}>
        <Button onClick={() => setIsCreating(true)} data-testid="create-staff">
          {t('staff.create')}
        </Button>
      </PageHeader>
      <ErrorAlert error={staff.error} />
      <PagedTable<TStaff>
        testId="staff-table"
        records={staff.data?.staff}
        idAccessor="id"
        isFetching={staff.isFetching}
        columns={[
          {
            accessor: 'username',
            title: t('staff.username'),
            render: (s) => <CopyText value={s.username} />,
          },
          { accessor: 'displayName', title: t('staff.displayName') },
          { accessor: 'role', title: t('staff.role'), render: (s) => t(`role.${s.role}`) },
          {
            accessor: 'active',
            title: t('filter.status'),
            render: (s) => (
              <Badge color={s.active ? 'green' : 'gray'} variant="light">
                {s.active ? t('staff.active') : t('staff.inactive')}
              </Badge>
            ),
          },
          {
            accessor: 'lastLoginAt',
            title: t('staff.lastLogin'),
            render: (s) => (s.lastLoginAt ? formatDateTime(s.lastLoginAt) : '—'),
          },
          {
            accessor: 'actions',
            title: t('actions'),
            render: (s) =>
              s.id === me.id ? null : (
                <Group gap="xs" wrap="nowrap">
                  <Menu withinPortal>
                    <Menu.Target>
                      <Button size="xs" variant="light">
                        {t('staff.changeRole')}
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {STAFF_ROLES.filter((role) => role !== s.role).map((role) => (
                        <Menu.Item key={role} onClick={() => changeRole(s, role)}>
                          {t(`role.${role}`)}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() =>
                      resetTotp.mutate(s.id, {
                        onSuccess: () =>
                          notifications.show({ message: t('staff.totpReset', { username: s.username }) }),
                        onError: failed,
                      })
                    }
                  >
                    {t('staff.resetTotp')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color={s.active ? 'red' : 'green'}
                    onClick={() =>
                      update.mutate({ id: s.id, body: { active: !s.active } }, { onError: failed })
                    }
                  >
                    {s.active ? t('staff.deactivate') : t('staff.activate')}
                  </Button>
                </Group>
              ),
          },
        ]}
      />
      {isCreating ? <CreateStaffModal onClose={() => setIsCreating(false)} /> : null}
    </Stack>
  );
}
