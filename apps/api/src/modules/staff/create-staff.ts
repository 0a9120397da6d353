import { randomBytes } from 'node:crypto';
import type { TCreateStaffRequest } from '@lc/shared/contracts/ops-staff';
import type { Db, DbOrTx } from '../../db/client';
import { type StaffRow, staff } from '../../db/schema/staff';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { type OpsActor, staffIdOf } from '../../plugins/ops-auth';
import { type AuditScope, recordAudit } from '../ops/record-audit';

/** Who made a member: a staff member (id and username) or the OPS token (`automation`, no id). */
export type StaffCreator = { staffId: string | null; name: string };
export const creatorOf = (caller: OpsActor): StaffCreator => ({
  staffId: staffIdOf(caller),
  name: caller.name,
});

export type CreateStaffInput = {
  agencyId: string;
  body: TCreateStaffRequest;
  creator: StaffCreator;
  /** Who did it, for the audit log: the creator, or the admin whose approval creates the member. */
  actor: string;
  scope: AuditScope;
  now: Date;
};

// `automation` is the name OPS_TOKEN acts under in the audit log: no person may carry it.
const RESERVED = new Set(['automation', 'worker', 'anonymous']);

/** The username a request asks for, or 409 USERNAME_TAKEN when it is reserved. */
export function staffUsernameOf(body: TCreateStaffRequest): string {
  const username = body.username.toLowerCase();
  if (RESERVED.has(username)) throw new AppError(409, 'USERNAME_TAKEN', 'This username is reserved');
  return username;
}

/** A one-time initial password and its hash: 96 random bits, long enough to need no other rule, short enough to type once. */
export async function newInitialPassword(): Promise<{ initialPassword: string; passwordHash: string }> {
  const initialPassword = randomBytes(12).toString('base64url');
  return { initialPassword, passwordHash: await hashPassword(initialPassword) };
}

/**
 * A new staff member with a one-time initial password (returned once, stored hashed); TOTP is enrolled by
 * the member at first sign-in, so the creator never sees its secret. The creator is kept: a member never
 * decides a request of whoever created them (decision 0065).
 */
export async function createStaff(
  db: Db,
  input: CreateStaffInput,
): Promise<{ staff: StaffRow; initialPassword: string }> {
  const { initialPassword, passwordHash } = await newInitialPassword();
  const row = await db.transaction((tx) => insertStaff(tx, { ...input, passwordHash }));
  return { staff: row, initialPassword };
}

/** The insert of {@link createStaff}, in the caller's transaction (an approved STAFF_CREATE request). */
export async function insertStaff(
  tx: DbOrTx,
  input: CreateStaffInput & { passwordHash: string },
): Promise<StaffRow> {
  const username = staffUsernameOf(input.body);
  const [row] = await tx
    .insert(staff)
    .values({
      agencyId: input.agencyId,
      username,
      displayName: input.body.displayName,
      role: input.body.role,
      passwordHash: input.passwordHash,
      mustChangePassword: true,
      createdAt: input.now,
      createdByStaffId: input.creator.staffId,
      createdBy: input.creator.name,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(409, 'USERNAME_TAKEN', 'A staff member has this username');
  await recordAudit(tx, {
    actor: input.actor,
    scope: input.scope,
    action: 'staff.create',
    target: `staff:${row.id}`,
    after: {
      username,
      displayName: row.displayName,
      role: row.role,
      active: true,
      createdBy: input.creator.name,
    },
    at: input.now,
  });
  return row;
}
