import type { TSettlementReport } from '@lc/shared/contracts/reports';
import { formatMinor } from '@lc/shared/money';
import type { DbOrTx } from '../../db/client';
import { findSettlementFigures, type LedgerFigure } from './find-settlement-figures';
import { laoDayRange } from './lao-day-range';
import {
  addSums,
  big,
  type ChannelSums,
  emptySums,
  KIP_STATUSES,
  type Payout,
  toBank,
  toChannel,
  toCredited,
  toKip,
  toPayout,
} from './settlement-sums';

/**
 * The daily settlement report (backoffice.md `reports/settlement`) of one agency for a Lao day: per payment
 * channel the kip the bank reported (by what became of each payment), the deposits credited, and the
 * ledger's BANK (LAK) movement beside them; the day's payouts (paid and bounced), bonuses and house result.
 * Every figure is summed in bigint minor units and formatted once.
 */
export async function buildSettlementReport(
  db: DbOrTx,
  agencyId: string,
  date: string,
): Promise<TSettlementReport> {
  const range = laoDayRange(date);
  const figures = await findSettlementFigures(db, agencyId, range);
  const byChannel = new Map<string | null, ChannelSums>();
  const sumsOf = (channel: string | null) => {
    let sums = byChannel.get(channel);
    if (!sums) {
      sums = emptySums();
      byChannel.set(channel, sums);
    }
    return sums;
  };
  for (const row of figures.payments) {
    const key = KIP_STATUSES[row.status];
    if (!key) continue;
    const counted = sumsOf(row.channel).kip[key];
    counted.count += row.count;
    counted.amount += big(row.amount);
  }
  for (const row of figures.deposits) {
    const credited = sumsOf(row.channel).credited;
    credited.count += row.count;
    credited.lak += big(row.lak);
    credited.thb += big(row.thb);
    credited.bonus += big(row.bonus);
  }
  for (const row of figures.ledger.filter((r) => r.accountKind === 'BANK')) {
    const bank = sumsOf(row.channel).bank;
    bank.in += big(row.plus);
    bank.out -= big(row.minus);
  }

  const channels = [...byChannel.entries()]
    // Named channels in order, then the row of everything without one (payouts, payments of no order).
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([channel, sums]) => toChannel(channel, sums));
  const total = [...byChannel.values()].reduce(addSums, emptySums());
  const payouts = payoutFigures(figures.ledger);
  const bonus = figures.ledger.filter((r) => r.accountKind === 'BONUS' && r.currency === 'THB');
  return {
    date,
    timeZone: 'Asia/Vientiane',
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    channels,
    totals: {
      kipReceived: toKip(total.kip),
      depositsCredited: toCredited(total.credited),
      bank: toBank(total.bank),
    },
    payouts: { paid: toPayout(payouts.paid), bounced: toPayout(payouts.bounced) },
    bonuses: {
      given: formatMinor(-bonus.reduce((sum, r) => sum + big(r.minus), 0n), 'THB'),
      takenBack: formatMinor(
        bonus.reduce((sum, r) => sum + big(r.plus), 0n),
        'THB',
      ),
    },
    house: {
      thb: formatMinor(total.credited.thb - payouts.paid.thb + payouts.bounced.thb, 'THB'),
      lak: formatMinor(total.bank.in - total.bank.out, 'LAK'),
    },
  };
}

/**
 * Paid: the `<code>:payout…` postings (approve and re-pay): kip out of BANK, credit out of the players' THB
 * payout accounts. Bounced: the BOUNCE postings, the same accounts the other way.
 */
function payoutFigures(ledger: LedgerFigure[]): { paid: Payout; bounced: Payout } {
  const paid: Payout = { count: 0, lak: 0n, thb: 0n };
  const bounced: Payout = { count: 0, lak: 0n, thb: 0n };
  for (const row of ledger) {
    const isBounce = row.transactionKind === 'BOUNCE';
    if (!row.isPayout && !isBounce) continue;
    const figure = isBounce ? bounced : paid;
    const moved = isBounce ? big(row.plus) : -big(row.minus);
    if (row.accountKind === 'BANK') figure.lak += moved;
    if (row.accountKind === 'PAYOUT' && row.currency === 'THB') {
      figure.thb += moved;
      figure.count += row.transactions;
    }
  }
  return { paid, bounced };
}
