import type {
  TBankMovement,
  TCountedAmount,
  TDepositsCredited,
  TKipReceived,
  TPayoutFigures,
  TSettlementChannel,
} from '@lc/shared/contracts/reports';
import { formatMinor } from '@lc/shared/money';

// The settlement report's sums in bigint minor units (LAK whole kip, THB satang), and their JSON shapes.

export type Counted = { count: number; amount: bigint };
export type Kip = Record<'matched' | 'credited' | 'refunded' | 'unmatched', Counted>;
export type Credited = { count: number; lak: bigint; thb: bigint; bonus: bigint };
export type Bank = { in: bigint; out: bigint };
export type ChannelSums = { kip: Kip; credited: Credited; bank: Bank };

/** Where a bank payment of each status is counted. */
export const KIP_STATUSES: Readonly<Record<string, keyof Kip>> = {
  MATCHED: 'matched',
  CREDITED: 'credited',
  REFUNDED: 'refunded',
  UNMATCHED: 'unmatched',
};
/** A sum selected as text (or none: 0). */
export const big = (value: string | null | undefined) => BigInt(value ?? '0');
export const emptySums = (): ChannelSums => ({
  kip: {
    matched: { count: 0, amount: 0n },
    credited: { count: 0, amount: 0n },
    refunded: { count: 0, amount: 0n },
    unmatched: { count: 0, amount: 0n },
  },
  credited: { count: 0, lak: 0n, thb: 0n, bonus: 0n },
  bank: { in: 0n, out: 0n },
});

export type Payout = { count: number; lak: bigint; thb: bigint };

export function addSums(a: ChannelSums, b: ChannelSums): ChannelSums {
  const add = (x: Counted, y: Counted): Counted => ({
    count: x.count + y.count,
    amount: x.amount + y.amount,
  });
  return {
    kip: {
      matched: add(a.kip.matched, b.kip.matched),
      credited: add(a.kip.credited, b.kip.credited),
      refunded: add(a.kip.refunded, b.kip.refunded),
      unmatched: add(a.kip.unmatched, b.kip.unmatched),
    },
    credited: {
      count: a.credited.count + b.credited.count,
      lak: a.credited.lak + b.credited.lak,
      thb: a.credited.thb + b.credited.thb,
      bonus: a.credited.bonus + b.credited.bonus,
    },
    bank: { in: a.bank.in + b.bank.in, out: a.bank.out + b.bank.out },
  };
}

export const toCounted = (c: Counted): TCountedAmount => ({
  count: c.count,
  amount: formatMinor(c.amount, 'LAK'),
});

export function toKip(kip: Kip): TKipReceived {
  const all = [kip.matched, kip.credited, kip.refunded, kip.unmatched];
  return {
    matched: toCounted(kip.matched),
    credited: toCounted(kip.credited),
    refunded: toCounted(kip.refunded),
    unmatched: toCounted(kip.unmatched),
    total: toCounted({
      count: all.reduce((n, c) => n + c.count, 0),
      amount: all.reduce((sum, c) => sum + c.amount, 0n),
    }),
  };
}

export const toCredited = (c: Credited): TDepositsCredited => ({
  count: c.count,
  lak: formatMinor(c.lak, 'LAK'),
  thb: formatMinor(c.thb, 'THB'),
  bonus: formatMinor(c.bonus, 'THB'),
});

export const toBank = (b: Bank): TBankMovement => ({
  in: formatMinor(b.in, 'LAK'),
  out: formatMinor(b.out, 'LAK'),
  net: formatMinor(b.in - b.out, 'LAK'),
});

export const toPayout = (p: Payout): TPayoutFigures => ({
  count: p.count,
  lak: formatMinor(p.lak, 'LAK'),
  thb: formatMinor(p.thb, 'THB'),
});

export const toChannel = (channel: string | null, sums: ChannelSums): TSettlementChannel => ({
  channel,
  kipReceived: toKip(sums.kip),
  depositsCredited: toCredited(sums.credited),
  bank: toBank(sums.bank),
});
