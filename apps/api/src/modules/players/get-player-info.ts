import type { TPlayerInfoResponse } from '@lc/shared/contracts/players';
import type { BankAccountRow } from '../../db/schema/bank-accounts';
import type { PlayerRow } from '../../db/schema/players';
import { toIso } from '../../lib/time';
import { toBankAccountDto } from '../bank/to-bank-account-dto';
import { restrictionOf } from '../play-limits/restriction';
import { toPlayerDto } from './to-player-dto';

/**
 * The player-info answer: player, credential and bank accounts (numbers masked). The rows come with the
 * session look-up (`requirePlayerWithBankAccounts`), so the read costs one round trip. `restriction` is the
 * time-out or self-exclusion in force.
 */
export function getPlayerInfo(player: PlayerRow, accounts: BankAccountRow[], now: Date): TPlayerInfoResponse {
  return {
    player: toPlayerDto(player),
    credential: { username: player.username, passwordChangedAt: toIso(player.passwordChangedAt) },
    bankAccounts: accounts.map(toBankAccountDto),
    restriction: restrictionOf(player, now),
  };
}
