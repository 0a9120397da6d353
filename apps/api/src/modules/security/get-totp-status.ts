import type { TTotpStatusResponse } from '@lc/shared/contracts/security';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { playerRecoveryCodes } from '../../db/schema/security';
import { findTotp } from './find-totp';

/** What the security page shows of the player's TOTP; the secret never leaves the server after set-up. */
export async function getTotpStatus(db: DbOrTx, playerId: string): Promise<TTotpStatusResponse> {
  const totp = await findTotp(db, playerId);
  if (!totp?.enabledAt) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  const [row] = await db
    .select({ left: count() })
    .from(playerRecoveryCodes)
    .where(and(eq(playerRecoveryCodes.playerId, playerId), isNull(playerRecoveryCodes.usedAt)));
  return { enabled: true, enabledAt: totp.enabledAt.toISOString(), recoveryCodesLeft: row?.left ?? 0 };
}
