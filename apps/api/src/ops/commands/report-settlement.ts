import { type TSettlementChannel, ZSettlementReport } from '@lc/shared/contracts/reports';
import { toSettlementCsv } from '../../modules/reports/settlement-csv';
import { EXIT, type OpsCommand } from '../command';
import { formatTable } from '../format-table';
import { UsageError } from '../parse-args';

type Row = Omit<TSettlementChannel, 'channel'> & { name: string };

export const reportSettlementCommand: OpsCommand = {
  name: 'report settlement',
  summary:
    "The day's settlement (Lao time): kip received per channel beside deposits credited and the ledger's bank movement, payouts, bonuses, house",
  usage: '--date YYYY-MM-DD [--csv]',
  options: {
    date: { type: 'string', description: 'the Lao calendar day (Asia/Vientiane)', isRequired: true },
    csv: { type: 'boolean', description: 'print CSV (what GET …/reports/settlement?format=csv answers)' },
  },
  async run({ client, out }, { positionals, options }) {
    if (positionals.length > 0) throw new UsageError('no arguments besides --date and --csv');
    const date = String(options.date);
    const { body } = await client.request(
      'GET',
      `/api/ops/v1/reports/settlement?date=${encodeURIComponent(date)}`,
      ZSettlementReport,
    );
    if (options.csv) {
      for (const line of toSettlementCsv(body).trimEnd().split('\r\n')) out(line);
      return EXIT.OK;
    }
    const rows: Row[] = [
      ...body.channels.map((c) => ({ ...c, name: c.channel ?? '-' })),
      { ...body.totals, name: 'TOTAL' },
    ];
    const lines = formatTable<Row>(
      [
        { header: 'CHANNEL', value: (r) => r.name },
        { header: 'MATCHED', value: (r) => r.kipReceived.matched.amount, isNumeric: true },
        { header: 'CREDITED', value: (r) => r.kipReceived.credited.amount, isNumeric: true },
        { header: 'REFUNDED', value: (r) => r.kipReceived.refunded.amount, isNumeric: true },
        { header: 'UNMATCHED', value: (r) => r.kipReceived.unmatched.amount, isNumeric: true },
        { header: 'DEPOSITS', value: (r) => String(r.depositsCredited.count), isNumeric: true },
        { header: 'DEPOSITS LAK', value: (r) => r.depositsCredited.lak, isNumeric: true },
        { header: 'CREDIT THB', value: (r) => r.depositsCredited.thb, isNumeric: true },
        { header: 'BONUS THB', value: (r) => r.depositsCredited.bonus, isNumeric: true },
        { header: 'BANK IN', value: (r) => r.bank.in, isNumeric: true },
        { header: 'BANK OUT', value: (r) => r.bank.out, isNumeric: true },
      ],
      rows,
    );
    out(
      `settlement ${body.date} (${body.timeZone}, ${body.from} – ${body.to}); kip received in LAK by status`,
    );
    for (const line of lines) out(line);
    const { paid, bounced } = body.payouts;
    out(`payouts paid: ${paid.count}, ${paid.lak} LAK, ${paid.thb} THB`);
    out(`payouts bounced: ${bounced.count}, ${bounced.lak} LAK, ${bounced.thb} THB`);
    out(`bonuses given: ${body.bonuses.given} THB, taken back: ${body.bonuses.takenBack} THB`);
    out(`house: ${body.house.thb} THB, ${body.house.lak} LAK`);
    return EXIT.OK;
  },
};
