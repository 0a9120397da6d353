import type { WithdrawalRow } from '../../db/schema/withdrawals';
import {
  bankAccount,
  fxAccount,
  houseAccount,
  payoutAccount,
  payoutOwedAccount,
} from '../ledger/account-key';
import type { PostingEntry } from '../ledger/post-transaction';

type Order = Pick<WithdrawalRow, 'playerId' | 'creditReceived' | 'payoutAmount'>;

/**
 * The kip side of a withdrawal taken out (`sign` 1n: the exchange buys the credit back, the player is owed
 * the payout) or given back (−1n). None when there is no payout (no rate: 0 kip, domain.md Money).
 */
export function payoutOwedEntries(order: Order, sign: 1n | -1n): PostingEntry[] {
  if (order.payoutAmount === 0n) return [];
  return [
    { account: fxAccount(), amount: sign * order.payoutAmount },
    { account: payoutOwedAccount(order.playerId), amount: -sign * order.payoutAmount },
  ];
}

/**
 * A payout made (`sign` 1n: approve or re-pay) or bounced back (−1n), in both currencies: THB from the
 * player's payout account to the house, LAK from the bank to what the player was owed.
 */
export function payoutEntries(order: Order, sign: 1n | -1n): PostingEntry[] {
  const entries: PostingEntry[] = [];
  if (order.creditReceived > 0n) {
    entries.push(
      { account: payoutAccount(order.playerId), amount: -sign * order.creditReceived },
      { account: houseAccount('THB'), amount: sign * order.creditReceived },
    );
  }
  if (order.payoutAmount > 0n) {
    entries.push(
      { account: payoutOwedAccount(order.playerId), amount: sign * order.payoutAmount },
      { account: bankAccount(), amount: -sign * order.payoutAmount },
    );
  }
  return entries;
}
