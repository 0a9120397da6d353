import type { TProvider } from '@lc/shared/providers';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared-statement';
import { rowsOf } from '../../db/rows-of';
import {
  sandboxProviderMembers as members,
  type SandboxTransferRow,
  sandboxProviderTransfers as transfers,
} from '../../db/schema/sandbox-providers';
import { SandboxError } from './sandbox-http';
import { findSandboxTransfer } from './sandbox-repository';

export type SandboxTransferRequest = {
  provider: TProvider;
  username: string;
  direction: 'in' | 'out';
  /** THB satang, > 0. */
  amount: bigint;
  reference: string;
};

const value = (name: string) => sql.placeholder(name);

// Every transfer a provider answers is this one statement, prepared once.
const applyTransfer = preparedSql(
  'apply_sandbox_transfer',
  sql`
    WITH member AS MATERIALIZED (
      SELECT ${members.id}, ${members.balance} FROM ${members}
      WHERE ${members.provider} = ${value('provider')} AND ${members.username} = ${value('username')}
      FOR UPDATE
    ), inserted AS (
      INSERT INTO ${transfers} (provider, member_id, reference, direction, amount, balance_after, created_at)
      SELECT ${value('provider')}::text, member.id, ${value('reference')}::text, ${value('direction')}::text,
        ${value('amount')}::bigint, member.balance + ${value('delta')}::bigint, ${value('at')}::timestamptz
      FROM member WHERE member.balance + ${value('delta')}::bigint >= 0
      ON CONFLICT (provider, reference) DO NOTHING
      RETURNING id, member_id, balance_after
    ), moved AS (
      UPDATE ${members}
      SET balance = inserted.balance_after,
        transferred_in = ${members.transferredIn} + ${value('addedIn')}::bigint,
        transferred_out = ${members.transferredOut} + ${value('addedOut')}::bigint
      FROM inserted WHERE ${members.id} = inserted.member_id
    )
    SELECT (SELECT count(*) FROM member)::int AS members, inserted.id::text AS id,
      inserted.member_id::text AS member_id, inserted.balance_after::text AS balance_after
    FROM (SELECT 1) AS one LEFT JOIN inserted ON true`,
);

/**
 * Moves credit into or out of a member's wallet, once per reference: a repeat of the same request returns
 * the original transfer, the same reference with another body is a 409 REFERENCE_CONFLICT. One statement
 * (a provider answers many transfers): it locks the member row before its balance is checked, and inserts
 * the transfer and moves the balance only when the balance allows it and the reference is new, so parallel
 * transfers out can never take the balance below zero and a reference never moves money twice (a parallel
 * repeat waits on the reference's unique index until the first commits, then inserts nothing).
 */
export async function applySandboxTransfer(
  db: Db,
  request: SandboxTransferRequest,
  now: Date,
): Promise<SandboxTransferRow> {
  const { provider, username, direction, amount, reference } = request;
  const result = await applyTransfer(db, {
    provider,
    username,
    reference,
    direction,
    amount: amount.toString(),
    delta: (direction === 'in' ? amount : -amount).toString(),
    addedIn: (direction === 'in' ? amount : 0n).toString(),
    addedOut: (direction === 'out' ? amount : 0n).toString(),
    at: now.toISOString(),
  });
  const [row] = rowsOf<Applied>(result);
  if (!row?.members) throw new SandboxError(404, 'MEMBER_NOT_FOUND', `No member ${username}`);
  if (row.id && row.member_id && row.balance_after) {
    return {
      id: row.id,
      provider,
      memberId: row.member_id,
      reference,
      direction,
      amount,
      balanceAfter: BigInt(row.balance_after),
      createdAt: now,
    };
  }
  // Nothing moved: the reference was used before (a repeat, or a conflict), or the balance is too low.
  const existing = await findSandboxTransfer(db, provider, reference);
  if (existing) return sameOrConflict(existing, request);
  throw new SandboxError(409, 'INSUFFICIENT_BALANCE', 'Balance too low');
}

type Applied = { members: number; id: string | null; member_id: string | null; balance_after: string | null };

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
