import type { TProvider } from '@lc/shared/providers';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  sandboxProviderMembers as members,
  sandboxProviderRounds as rounds,
} from '../../db/schema/sandbox-providers';
import { drawSpin, type RandomInt, type TReelSymbol, type TSpinOutcome, winOf } from './draw-spin';
import { findSandboxLaunch } from './find-sandbox-launch';
import { SandboxError } from './sandbox-http';
import { lockSandboxMemberById } from './sandbox-repository';

export type SpinResult = {
  outcome: TSpinOutcome;
  reels: TReelSymbol[];
  stake: bigint;
  win: bigint;
  balance: bigint;
};

/**
 * One round of the demo slot: with the launch held (its sessions cannot be ended meanwhile) and the member
 * row locked, refuses a stake above the balance, draws the outcome, records the round and moves the balance
 * by win − stake.
 */
export async function spinSandboxGame(
  db: Db,
  provider: TProvider,
  token: string,
  stake: bigint,
  now: Date,
  random?: RandomInt,
): Promise<SpinResult> {
  return db.transaction(async (tx) => {
    const launch = await findSandboxLaunch(tx, provider, token, now, true);
    const member = await lockSandboxMemberById(tx, launch.memberId);
    if (stake > member.balance) throw new SandboxError(409, 'INSUFFICIENT_BALANCE', 'Balance too low');
    const { outcome, reels } = drawSpin(random);
    const win = winOf(outcome, stake);
    const balance = member.balance - stake + win;
    await tx.update(members).set({ balance }).where(eq(members.id, member.id));
    await tx.insert(rounds).values({
      provider,
      memberId: member.id,
      kind: 'spin',
      gameCode: launch.gameCode,
      outcome,
      stake,
      win,
      balanceAfter: balance,
      createdAt: now,
    });
    return { outcome, reels, stake, win, balance };
  });
}
