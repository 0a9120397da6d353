import type { TFingerprintPayload } from '@lc/shared/contracts/fingerprint';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { playerDevices } from '../../db/schema/players';

export type DeviceInput = {
  playerId: string;
  hash: string;
  userAgent: string | undefined;
  payload: TFingerprintPayload;
  now: Date;
};

/** Upserts a player's device: first seen stays, last seen, user agent and payload follow the newest post. */
export async function recordDevice(db: DbOrTx, input: DeviceInput): Promise<void> {
  const userAgent = input.userAgent?.slice(0, 512) ?? null;
  await db
    .insert(playerDevices)
    .values({
      playerId: input.playerId,
      hash: input.hash,
      userAgent,
      payload: input.payload,
      firstSeenAt: input.now,
      lastSeenAt: input.now,
    })
    .onConflictDoUpdate({
      target: [playerDevices.playerId, playerDevices.hash],
      set: { lastSeenAt: input.now, userAgent, payload: sql`excluded.payload` },
    });
}
