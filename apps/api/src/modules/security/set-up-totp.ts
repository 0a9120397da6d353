import type { TTotpSetupResponse } from '@lc/shared/contracts/security';
import { generateSecret, generateURI } from 'otplib';
import type { Db } from '../../db/client';
import type { PlayerRow } from '../../db/schema/players';
import { playerTotp } from '../../db/schema/security';
import { AppError } from '../../lib/app-error';
import { findTotp } from './find-totp';
import { TOTP_PERIOD_SECONDS } from './verify-totp-code';

/**
 * Makes a new TOTP secret for the player, not active until `enableTotp` sees a code of it. A repeated set-up
 * replaces an unconfirmed secret; an enabled TOTP must be disabled first (with password and code).
 */
export async function setUpTotp(
  db: Db,
  player: PlayerRow,
  issuer: string,
  now: Date,
): Promise<TTotpSetupResponse> {
  const secret = generateSecret();
  await db.transaction(async (tx) => {
    const current = await findTotp(tx, player.id, { forUpdate: true });
    if (current?.enabledAt) throw new AppError(409, 'TOTP_ALREADY_ENABLED', 'TOTP is already enabled');
    await tx
      .insert(playerTotp)
      .values({ playerId: player.id, secret, createdAt: now })
      .onConflictDoUpdate({
        target: playerTotp.playerId,
        set: { secret, createdAt: now, lastUsedStep: null },
      });
  });
  return { secret, otpauthUrl: totpUri(issuer, player.username, secret) };
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function totpUri(issuer: string, label: string, secret: string): string {
  return generateURI({ issuer, label, secret, period: TOTP_PERIOD_SECONDS });
}
