import type { FastifyBaseLogger } from 'fastify';
import {
  type MemberStatement,
  type ProviderMember,
  TransferTotalsNotOfferedError,
} from '../../adapters/providers/game-provider';
import type { DbOrTx } from '../../db/client';
import { playerProviderAccount } from '../ledger/account-key';
import { getAccountBalance } from '../ledger/get-account-balance';
import type { ReconciliationProvider } from './count-provider-calls';
import type { AccountToCheck } from './pick-accounts-to-check';
import { statementFromLookUps } from './statement-from-look-ups';

// A difference is read again this many times, this far apart, before it is reported.
const DIFFERENCE_RECHECKS = 3;
const RECHECK_DELAY_MS = 200;

export type StatementCheck = {
  account: AccountToCheck;
  ledger: bigint;
  statement: MemberStatement | null;
  status: 'OK' | 'DIFFERENCE' | 'UNAVAILABLE';
  error: string | null;
};

/**
 * One account's ledger balance beside its provider statement. The ledger only records transfers (game
 * results happen at the provider), so what must agree is the ledger balance and the provider's transferred
 * in − out. A transfer settling between the two reads shows as a difference that is gone a moment later:
 * only a difference that stays is reported.
 */
export async function readAccountStatement(
  db: DbOrTx,
  agencyId: string,
  provider: ReconciliationProvider,
  account: AccountToCheck,
  log: FastifyBaseLogger,
): Promise<StatementCheck> {
  const member = { username: account.member };
  let ledger = account.ledger;
  try {
    const read = () => statementOf(db, agencyId, provider, account, member);
    let statement = await read();
    for (let recheck = 0; recheck < DIFFERENCE_RECHECKS; recheck++) {
      if (ledger === statement.transferredIn - statement.transferredOut) break;
      await new Promise((resolve) => setTimeout(resolve, RECHECK_DELAY_MS));
      ledger = await getAccountBalance(
        db,
        agencyId,
        playerProviderAccount(account.playerId, account.provider),
      );
      statement = await read();
    }
    const isSame = ledger === statement.transferredIn - statement.transferredOut;
    return { account, ledger, statement, status: isSame ? 'OK' : 'DIFFERENCE', error: null };
  } catch (error) {
    log.warn({ err: error, provider: account.provider, playerId: account.playerId }, 'statement failed');
    const reason = error instanceof Error ? error.message : String(error);
    return { account, ledger, statement: null, status: 'UNAVAILABLE', error: reason };
  }
}

/** The provider's statement, or one made of look-ups of the ledger's references where it reports no totals. */
async function statementOf(
  db: DbOrTx,
  agencyId: string,
  provider: ReconciliationProvider,
  account: AccountToCheck,
  member: ProviderMember,
): Promise<MemberStatement> {
  try {
    return await provider.getStatement(member);
  } catch (error) {
    if (!(error instanceof TransferTotalsNotOfferedError)) throw error;
  }
  return statementFromLookUps(db, agencyId, provider, account, member);
}
