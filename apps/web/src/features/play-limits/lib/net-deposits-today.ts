import type { TDepositRecord } from '@lc/shared/contracts/deposits';
import type { TWithdrawRecord } from '@lc/shared/contracts/withdrawals';

/** Lao time (UTC+7, no daylight saving): "today" is the player's calendar day in Laos. */
const LAO_OFFSET_MS = 7 * 60 * 60_000;

const laoDay = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + LAO_OFFSET_MS).toISOString().slice(0, 10) : null;

/**
 * Net deposits of the Lao day of `now`, in whole kip as a decimal string: credited (SUCCESS) deposits minus
 * the LAK paid out for withdrawals (SUCCESS) of that day. BigInt, never float: money stays exact.
 */
export function netDepositsToday(
  deposits: Pick<TDepositRecord, 'amount' | 'status' | 'date_time'>[],
  withdrawals: Pick<TWithdrawRecord, 'payout_amount' | 'status' | 'date_time'>[],
  now: Date,
): string {
  const today = laoDay(now.toISOString());
  let net = 0n;
  for (const d of deposits) {
    if (d.status === 'SUCCESS' && laoDay(d.date_time) === today) net += BigInt(d.amount);
  }
  for (const w of withdrawals) {
    if (w.status === 'SUCCESS' && laoDay(w.date_time) === today) net -= BigInt(w.payout_amount);
  }
  return net.toString();
}
