import type { TPlayerInfoResponse } from '@lc/shared/contracts/players';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bankAccounts } from '../../db/schema/bank-accounts';
import type { PlayerRow } from '../../db/schema/players';
import { toIso } from '../../lib/time';
import { toBankAccountDto } from '../bank/to-bank-account-dto';
import { toPlayerDto } from './to-player-dto';

/** The player-info answer: player, credential and bank accounts (numbers masked). */
export async function getPlayerInfo(db: DbOrTx, player: PlayerRow): Promise<TPlayerInfoResponse> {
  const accounts = await db.select().from(bankAccounts).where(eq(bankAccounts.playerId, player.id));
  return {
    player: toPlayerDto(player),
    credential: { username: player.username, passwordChangedAt: toIso(player.passwordChangedAt) },
    bankAccounts: accounts.map(toBankAccountDto),
  };
}
