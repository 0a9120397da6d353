import type { TStaffRole } from '@lc/shared/contracts/ops-staff';
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/features/auth/api/get-me';
import { hasRole } from '@/lib/roles';

/** A page above the member's role says so instead of failing on every call (the API would answer 403). */
export function RoleGate({ needs, children }: { needs: TStaffRole; children: ReactNode }) {
  const { t } = useTranslation();
  const staff = useMe();
  if (hasRole(staff.role, needs)) return children;
  return (
    <Alert color="yellow" data-testid="role-gate">
      {t('errors:FORBIDDEN_ROLE', { role: t(`role.${needs}`) })}
    </Alert>
  );
}

/** True when the signed-in member may take actions of `role` (buttons above it are hidden). */
export function useCan(role: TStaffRole): boolean {
  return hasRole(useMe().role, role);
}
