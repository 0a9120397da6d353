import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { playerRecoveryCodes, playerTotp } from '../../db/schema/security';
import { findTotp } from './find-totp';

export type TotpState = { secret: string; enabledAt: Date | null; lastUsedStep: number | null };

/**
 * Where one kind of account keeps its TOTP and recovery codes (players, staff). The rules — which code is
 * accepted, once — live in consume-second-factor.ts and confirm-totp.ts, once for both.
 */
export type SecondFactorStore = {
  /** The owner's TOTP row locked for the decision (FOR UPDATE), or null. */
  lockTotp: (tx: DbOrTx, ownerId: string) => Promise<TotpState | null>;
  setLastUsedStep: (tx: DbOrTx, ownerId: string, step: number) => Promise<void>;
  /** Marks an unused recovery code (by hash) used; false when there is none. */
  useRecoveryCode: (tx: DbOrTx, ownerId: string, codeHash: string, now: Date) => Promise<boolean>;
  /** Switches TOTP on at `step` and replaces the recovery codes with these hashes. */
  enable: (
    tx: DbOrTx,
    ownerId: string,
    input: { now: Date; step: number; codeHashes: string[] },
  ) => Promise<void>;
};

export const playerSecondFactors: SecondFactorStore = {
  lockTotp: (tx, playerId) => findTotp(tx, playerId, { forUpdate: true }),
  setLastUsedStep: async (tx, playerId, step) => {
    await tx.update(playerTotp).set({ lastUsedStep: step }).where(eq(playerTotp.playerId, playerId));
  },
  useRecoveryCode: async (tx, playerId, codeHash, now) => {
    const used = await tx
      .update(playerRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(playerRecoveryCodes.playerId, playerId),
          eq(playerRecoveryCodes.codeHash, codeHash),
          isNull(playerRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: playerRecoveryCodes.id });
    return used.length > 0;
  },
  enable: async (tx, playerId, { now, step, codeHashes }) => {
    await tx
      .update(playerTotp)
      .set({ enabledAt: now, lastUsedStep: step })
      .where(eq(playerTotp.playerId, playerId));
    await tx.delete(playerRecoveryCodes).where(eq(playerRecoveryCodes.playerId, playerId));
    await tx.insert(playerRecoveryCodes).values(codeHashes.map((codeHash) => ({ playerId, codeHash })));
  },
};
