import type { TDashboardDay, TDashboardResponse } from '@lc/shared/contracts/ops-dashboard';
import { formatMinor } from '@lc/shared/money';
import type { DbOrTx } from '../../db/client';
import { listReconciliationRuns } from '../reconciliation/list-reconciliation-runs';
import { toReconciliationRunDto } from '../reconciliation/to-reconciliation-run-dto';
import { laoDayRange } from '../reports/lao-day-range';
import { countOpenQueues } from './count-open-queues';
import { type DailyFigure, findDailyFigures } from './find-daily-figures';

const DAY_MS = 24 * 60 * 60 * 1000;
const LAO_OFFSET_MS = 7 * 60 * 60 * 1000;

type Sums = { count: number; lak: bigint; thb: bigint; bonus: bigint };
const zero = (): Sums => ({ count: 0, lak: 0n, thb: 0n, bonus: 0n });
const toSums = (f: DailyFigure | undefined): Sums =>
  f ? { count: f.count, lak: BigInt(f.lak), thb: BigInt(f.thb), bonus: BigInt(f.bonus) } : zero();
const add = (a: Sums, b: Sums): Sums => ({
  count: a.count + b.count,
  lak: a.lak + b.lak,
  thb: a.thb + b.thb,
  bonus: a.bonus + b.bonus,
});

function toDay(date: string, deposits: Sums, withdrawals: Sums): TDashboardDay {
  const money = (s: Sums) => ({
    count: s.count,
    lak: formatMinor(s.lak, 'LAK'),
    thb: formatMinor(s.thb, 'THB'),
  });
  return {
    date,
    deposits: money(deposits),
    withdrawals: money(withdrawals),
    bonuses: formatMinor(deposits.bonus, 'THB'),
    house: formatMinor(deposits.thb - withdrawals.thb, 'THB'),
  };
}

/**
 * The back office's dashboard (backoffice.md): the last `days` Lao days up to today, their totals, the open
 * queues and the latest reconciliation run. Summed in SQL per day, added up here in bigint minor units.
 */
export async function buildDashboard(
  db: DbOrTx,
  agencyId: string,
  input: { days: number; now: Date },
): Promise<TDashboardResponse> {
  const today = new Date(input.now.getTime() + LAO_OFFSET_MS).toISOString().slice(0, 10);
  const dates = Array.from({ length: input.days }, (_, i) =>
    new Date(laoDayRange(today).from.getTime() + LAO_OFFSET_MS - (input.days - 1 - i) * DAY_MS)
      .toISOString()
      .slice(0, 10),
  );
  const range = { from: laoDayRange(dates[0] ?? today).from, to: laoDayRange(today).to };
  const [figures, queues, runs] = await Promise.all([
    findDailyFigures(db, agencyId, range),
    countOpenQueues(db, agencyId),
    listReconciliationRuns(db, agencyId, { page: 1, pageSize: 1 }),
  ]);
  const depositsOf = new Map(figures.deposits.map((f) => [f.day, toSums(f)]));
  const withdrawalsOf = new Map(figures.withdrawals.map((f) => [f.day, toSums(f)]));
  const days = dates.map((d) => toDay(d, depositsOf.get(d) ?? zero(), withdrawalsOf.get(d) ?? zero()));
  const totalDeposits = [...depositsOf.values()].reduce(add, zero());
  const totalWithdrawals = [...withdrawalsOf.values()].reduce(add, zero());
  const { date: _date, ...totals } = toDay(today, totalDeposits, totalWithdrawals);
  const latest = runs.rows[0];
  return {
    timeZone: 'Asia/Vientiane',
    today: days[days.length - 1] ?? toDay(today, zero(), zero()),
    days,
    totals,
    queues,
    reconciliation: latest ? toReconciliationRunDto(latest) : null,
  };
}
