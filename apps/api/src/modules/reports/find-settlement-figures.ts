import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';

/** Bank payments paid in the range, by channel (of the order they paid or were credited to) and status. */
export type PaymentFigure = { channel: string | null; status: string; count: number; amount: string };
/** Deposits credited in the range, by channel. */
export type DepositFigure = {
  channel: string | null;
  count: number;
  lak: string;
  thb: string;
  bonus: string;
};
/**
 * Ledger entries posted in the range on the BANK, BONUS and PAYOUT accounts, by the channel of the deposit
 * a DEPOSIT transaction credited (null otherwise), transaction kind, whether it is a payout (`<code>:payout…`)
 * and account: their positive and negative sums and how many transactions they came from.
 */
export type LedgerFigure = {
  channel: string | null;
  transactionKind: string;
  isPayout: boolean;
  accountKind: string;
  currency: string;
  plus: string;
  minus: string;
  transactions: number;
};

export type SettlementFigures = {
  payments: PaymentFigure[];
  deposits: DepositFigure[];
  ledger: LedgerFigure[];
};

/**
 * The raw figures of a settlement report: three aggregates over one agency and one time range, run in
 * parallel. Sums are selected as text (node-postgres and PGlite parse bigint sums differently).
 */
export async function findSettlementFigures(
  db: DbOrTx,
  agencyId: string,
  range: { from: Date; to: Date },
): Promise<SettlementFigures> {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const [payments, deposits, ledger] = await Promise.all([
    // A payment credited to a new order (no order of its own) counts under that order's channel.
    db.execute(sql`
      SELECT d.channel_code AS channel, p.status, count(*)::int AS count, sum(p.amount)::text AS amount
      FROM bank_payments p LEFT JOIN deposits d ON d.id = COALESCE(p.deposit_id, p.credited_deposit_id)
      WHERE p.agency_id = ${agencyId} AND p.paid_at >= ${from}::timestamptz AND p.paid_at < ${to}::timestamptz
      GROUP BY 1, 2`),
    db.execute(sql`
      SELECT channel_code AS channel, count(*)::int AS count,
        sum(COALESCE(paid_amount, amount))::text AS lak, sum(credit)::text AS thb, sum(bonus)::text AS bonus
      FROM deposits
      WHERE agency_id = ${agencyId} AND status = 'SUCCESS'
        AND credited_at >= ${from}::timestamptz AND credited_at < ${to}::timestamptz
      GROUP BY 1`),
    db.execute(sql`
      SELECT d.channel_code AS channel, t.kind AS "transactionKind",
        (t.reference LIKE '%:payout%') AS "isPayout", a.kind AS "accountKind", a.currency,
        sum(greatest(e.amount, 0))::text AS plus, sum(least(e.amount, 0))::text AS minus,
        count(DISTINCT t.id)::int AS transactions
      FROM ledger_transactions t
        JOIN ledger_entries e ON e.transaction_id = t.id
        JOIN ledger_accounts a ON a.id = e.account_id
        LEFT JOIN deposits d ON t.kind = 'DEPOSIT' AND d.code = split_part(t.reference, ':', 1)
      WHERE t.agency_id = ${agencyId} AND t.created_at >= ${from}::timestamptz
        AND t.created_at < ${to}::timestamptz AND a.kind IN ('BANK', 'BONUS', 'PAYOUT')
      GROUP BY 1, 2, 3, 4, 5`),
  ]);
  return {
    payments: rowsOf<PaymentFigure>(payments),
    deposits: rowsOf<DepositFigure>(deposits),
    ledger: rowsOf<LedgerFigure>(ledger),
  };
}
