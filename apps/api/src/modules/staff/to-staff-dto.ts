import type { TStaff } from '@lc/shared/contracts/ops-staff';
import type { StaffRow } from '../../db/schema/staff';

/** A staff row as the ops API shows it: never the password hash. */
export function toStaffDto(row: StaffRow): TStaff {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    role: row.role,
    active: row.isActive,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}
