import type { TProvider } from '@lc/shared/providers';
import { eq } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../db/client';
import {
  sandboxProviderMembers as members,
  type SandboxTransferRow,
  sandboxProviderTransfers as transfers,
} from '../../db/schema/sandbox-providers';
import { SandboxError } from './sandbox-http';
import { findSandboxTransfer, lockSandboxMember } from './sandbox-repository';

export type SandboxTransferRequest = {
  provider: TProvider;
  username: string;
  direction: 'in' | 'out';
  /** THB satang, > 0. */
  amount: bigint;
  reference: string;
};

const REFERENCE_UQ = 'sandbox_provider_transfers_provider_reference_uq';

/**
 * Moves credit into or out of a member's wallet, once per reference: a repeat of the same request returns
 * the original transfer, the same reference with another body is a 409 REFERENCE_CONFLICT. The member row is
 * locked before its balance is checked, in one transaction with the transfer insert, so parallel transfers
 * out can never take the balance below zero.
 */
export async function applySandboxTransfer(
  db: Db,
  request: SandboxTransferRequest,
  now: Date,
): Promise<SandboxTransferRow> {
  const { provider, username, direction, amount, reference } = request;
  try {
    return await db.transaction(async (tx) => {
      const member = await lockSandboxMember(tx, provider, username);
      const existing = await findSandboxTransfer(tx, provider, reference);
      if (existing) return sameOrConflict(existing, request);
      const balanceAfter = direction === 'in' ? member.balance + amount : member.balance - amount;
      if (balanceAfter < 0n) throw new SandboxError(409, 'INSUFFICIENT_BALANCE', 'Balance too low');
      await tx
        .update(members)
        .set({
          balance: balanceAfter,
          transferredIn: direction === 'in' ? member.transferredIn + amount : member.transferredIn,
          transferredOut: direction === 'out' ? member.transferredOut + amount : member.transferredOut,
        })
        .where(eq(members.id, member.id));
      const [row] = await tx
        .insert(transfers)
        .values({ provider, memberId: member.id, reference, direction, amount, balanceAfter, createdAt: now })
        .returning();
      if (!row) throw new Error('transfer insert returned nothing');
      return row;
    });
  } catch (error) {
    // Two members' transfers with one reference raced past the look-up; the loser compares with the winner.
    if (!isUniqueViolation(error, REFERENCE_UQ)) throw error;
    const existing = await findSandboxTransfer(db, provider, reference);
    if (!existing) throw error;
    return sameOrConflict(existing, request);
  }
}

function sameOrConflict(
  existing: SandboxTransferRow & { username: string },
  request: SandboxTransferRequest,
): SandboxTransferRow {
  const isSame =
    existing.username === request.username &&
    existing.direction === request.direction &&
    existing.amount === request.amount;
  if (!isSame) {
    throw new SandboxError(
      409,
      'REFERENCE_CONFLICT',
      `Reference ${request.reference} was used for another transfer`,
    );
  }
  return existing;
}
