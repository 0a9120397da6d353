import type { Db } from '../../db/client';
import type { PlayerRow } from '../../db/schema/players';
import { confirmTotp } from './confirm-totp';
import { recordNotice } from './record-notice';
import { playerSecondFactors } from './second-factor-store';

export type EnableTotpInput = { code: string; now: Date; userAgent: string | undefined };

/**
 * Switches the player's set-up TOTP on once `code` proves the authenticator has the secret, and returns ten
 * recovery codes (shown once; only their hashes are kept). The code counts as used.
 */
export async function enableTotp(
  db: Db,
  player: PlayerRow,
  input: EnableTotpInput,
): Promise<{ recoveryCodes: string[] }> {
  const recoveryCodes = await db.transaction(async (tx) => {
    const codes = await confirmTotp(tx, playerSecondFactors, player.id, input.code, input.now);
    await recordNotice(tx, {
      playerId: player.id,
      kind: 'TOTP_ENABLED',
      at: input.now,
      userAgent: input.userAgent,
    });
    return codes;
  });
  return { recoveryCodes };
}
