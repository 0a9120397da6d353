import { and, eq, isNull } from 'drizzle-orm';
import { staffRecoveryCodes, staffTotp } from '../../db/schema/staff';
import type { SecondFactorStore } from '../security/second-factor-store';

/** Staff TOTP and recovery codes, for the shared second-factor rules (modules/security). */
export const staffSecondFactors: SecondFactorStore = {
  lockTotp: async (tx, staffId) => {
    const [row] = await tx.select().from(staffTotp).where(eq(staffTotp.staffId, staffId)).for('update');
    return row ?? null;
  },
  setLastUsedStep: async (tx, staffId, step) => {
    await tx.update(staffTotp).set({ lastUsedStep: step }).where(eq(staffTotp.staffId, staffId));
  },
  useRecoveryCode: async (tx, staffId, codeHash, now) => {
    const used = await tx
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, staffId),
          eq(staffRecoveryCodes.codeHash, codeHash),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    return used.length > 0;
  },
  enable: async (tx, staffId, { now, step, codeHashes }) => {
    await tx
      .update(staffTotp)
      .set({ enabledAt: now, lastUsedStep: step })
      .where(eq(staffTotp.staffId, staffId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    await tx.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ staffId, codeHash })));
  },
};
