import type { DbOrTx } from '../../db/client';
import { playerDevices } from '../../db/schema/players';
import { recordNotice } from './record-notice';

export type LoginDeviceInput = { playerId: string; hash: string; userAgent: string | undefined; now: Date };

/**
 * Remembers the device (X-Fingerprint) a player signed in from; a fingerprint never seen for this player
 * gets a NEW_DEVICE_LOGIN notice. The insert decides "new" by itself, so two logins at once notice it once.
 * The device's payload follows with the app's next fingerprint post (fingerprint/record-device.ts).
 */
export async function recordLoginDevice(db: DbOrTx, input: LoginDeviceInput): Promise<void> {
  const userAgent = input.userAgent?.slice(0, 512) ?? null;
  const inserted = await db
    .insert(playerDevices)
    .values({
      playerId: input.playerId,
      hash: input.hash,
      userAgent,
      firstSeenAt: input.now,
      lastSeenAt: input.now,
    })
    .onConflictDoNothing({ target: [playerDevices.playerId, playerDevices.hash] })
    .returning({ id: playerDevices.id });
  if (inserted.length === 0) return;
  await recordNotice(db, { playerId: input.playerId, kind: 'NEW_DEVICE_LOGIN', at: input.now, userAgent });
}
