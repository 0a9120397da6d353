import { randomBytes } from 'node:crypto';
import type { TCreateStaffRequest } from '@lc/shared/contracts/ops-staff';
import type { Db } from '../../db/client';
import { type StaffRow, staff } from '../../db/schema/staff';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { type AuditScope, recordAudit } from '../ops/record-audit';

export type CreateStaffInput = {
  agencyId: string;
  body: TCreateStaffRequest;
  actor: string;
  scope: AuditScope;
  now: Date;
};

// `automation` is the name OPS_TOKEN acts under in the audit log: no person may carry it.
const RESERVED = new Set(['automation', 'worker', 'anonymous']);

/**
 * A new staff member with a one-time initial password (returned once, stored hashed); TOTP is enrolled by
 * the member at first sign-in, so the creator never sees its secret.
 */
export async function createStaff(
  db: Db,
  input: CreateStaffInput,
): Promise<{ staff: StaffRow; initialPassword: string }> {
  const username = input.body.username.toLowerCase();
  if (RESERVED.has(username)) throw new AppError(409, 'USERNAME_TAKEN', 'This username is reserved');
  // 96 random bits: long enough that it needs no other rule, short enough to type once.
  const initialPassword = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(initialPassword);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staff)
      .values({
        agencyId: input.agencyId,
        username,
        displayName: input.body.displayName,
        role: input.body.role,
        passwordHash,
        mustChangePassword: true,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(409, 'USERNAME_TAKEN', 'A staff member has this username');
    await recordAudit(tx, {
      actor: input.actor,
      scope: input.scope,
      action: 'staff.create',
      target: `staff:${row.id}`,
      after: { username, displayName: row.displayName, role: row.role, active: true },
      at: input.now,
    });
    return { staff: row, initialPassword };
  });
}
