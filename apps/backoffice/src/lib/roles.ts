import { STAFF_ROLES, type TStaffRole } from '@lc/shared/contracts/ops-staff';

/** True when `role` includes the rights of `needed` (support < cashier < finance < admin), as the API checks. */
export function hasRole(role: TStaffRole | undefined, needed: TStaffRole): boolean {
  if (!role) return false;
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(needed);
}
