import type { TRegisterRequest } from '@lc/shared/contracts/players';
import { type Db, isUniqueViolation } from '../../db/client';
import { type PlayerRow, players } from '../../db/schema/players';
import { AppError } from '../../lib/app-error';
import { assertPasswordAllowed } from '../../lib/assert-password-allowed';
import { hashPassword } from '../../lib/password';
import { recordDevice } from '../fingerprint/record-device';
import { createSession } from '../sessions/create-session';
import { isUsernameTaken } from './players-repository';
import type { RequestMeta } from './request-meta';

export type RegisterInput = {
  agencyId: string;
  body: TRegisterRequest;
  /** The X-Fingerprint header; falls back to the body's hash. */
  fingerprintHash: string | undefined;
  meta: RequestMeta;
};

const usernameTaken = () => new AppError(409, 'USERNAME_TAKEN', 'Username already exists');

/** Creates a player of the agency, remembers its device and signs it in (returns the session token). */
export async function registerPlayer(
  db: Db,
  input: RegisterInput,
): Promise<{ player: PlayerRow; token: string }> {
  const { body, meta } = input;
  assertPasswordAllowed(body.password, body, 'password');
  // Cheap check first so a taken name does not cost an argon2 hash; the unique index settles races.
  if (await isUsernameTaken(db, input.agencyId, body.username)) throw usernameTaken();
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const [player] = await tx
        .insert(players)
        .values({
          agencyId: input.agencyId,
          username: body.username,
          displayName: body.displayName,
          phone: body.phone ?? null,
          passwordHash,
          createdAt: meta.now,
        })
        .returning();
      if (!player) throw new Error('player insert returned nothing');
      await recordDevice(tx, {
        playerId: player.id,
        hash: input.fingerprintHash ?? body.fingerprint.fingerprint,
        userAgent: meta.userAgent ?? body.fingerprint.userAgent,
        payload: body.fingerprint,
        now: meta.now,
      });
      const session = await createSession(tx, { playerId: player.id, agencyId: input.agencyId, ...meta });
      return { player, token: session.token };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'players_agency_username_uq')) throw usernameTaken();
    throw error;
  }
}
