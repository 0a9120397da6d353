import type { MemberStatement, ProviderMember } from '../../adapters/providers/game-provider';
import type { DbOrTx } from '../../db/client';
import { forEachLimit } from '../../worker/map-limit';
import type { ReconciliationProvider } from './count-provider-calls';
import { findLedgerMovements } from './find-ledger-movements';
import type { AccountToCheck } from './pick-accounts-to-check';

// Look-ups of one account are asked a few at a time, like statements.
const PARALLEL_LOOK_UPS = 4;

/**
 * The statement of a provider that reports a balance but no transfer totals (fundtransfer-v1, decision
 * 0071): its balance, and the sums of every transfer of the account's ledger as the provider answers it by
 * reference. A reference the provider does not hold adds nothing, so the ledger and the statement differ
 * and the account is reported; a transfer the provider made that the ledger never booked cannot be seen
 * this way. One call per transfer of the account: the price of a provider without a statement.
 */
export async function statementFromLookUps(
  db: DbOrTx,
  agencyId: string,
  provider: ReconciliationProvider,
  account: AccountToCheck,
  member: ProviderMember,
): Promise<MemberStatement> {
  const movements = await findLedgerMovements(db, agencyId, { accountId: account.accountId });
  let transferredIn = 0n;
  let transferredOut = 0n;
  await forEachLimit(movements, PARALLEL_LOOK_UPS, async (movement) => {
    const found = await provider.findTransfer(movement.reference);
    if (!found) return;
    if (found.direction === 'in') transferredIn += found.amount;
    else transferredOut += found.amount;
  });
  const balance = await provider.getBalance(member);
  return { balance, transferredIn, transferredOut };
}
