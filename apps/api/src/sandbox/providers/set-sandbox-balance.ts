import type { TProvider } from '@lc/shared/providers';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  sandboxProviderMembers as members,
  sandboxProviderRounds as rounds,
} from '../../db/schema/sandbox-providers';
import { lockSandboxMember } from './sandbox-repository';

/**
 * Test hook: sets a member's balance, recorded as an `adjustment` round of win = new − old so the statement
 * (balance = in − out + Σ rounds) still adds up.
 */
export async function setSandboxBalance(
  db: Db,
  provider: TProvider,
  username: string,
  balance: bigint,
  now: Date,
): Promise<bigint> {
  return db.transaction(async (tx) => {
    const member = await lockSandboxMember(tx, provider, username);
    await tx.update(members).set({ balance }).where(eq(members.id, member.id));
    await tx.insert(rounds).values({
      provider,
      memberId: member.id,
      kind: 'adjustment',
      outcome: 'adjustment',
      stake: 0n,
      win: balance - member.balance,
      balanceAfter: balance,
      createdAt: now,
    });
    return balance;
  });
}
