import type { TKipReceived, TSettlementChannel, TSettlementReport } from '@lc/shared/contracts/reports';

const CHANNEL_HEADER = [
  'channel',
  'kip_matched_count',
  'kip_matched_lak',
  'kip_credited_count',
  'kip_credited_lak',
  'kip_refunded_count',
  'kip_refunded_lak',
  'kip_unmatched_count',
  'kip_unmatched_lak',
  'kip_total_count',
  'kip_total_lak',
  'deposits_credited_count',
  'deposits_credited_lak',
  'deposits_credited_thb',
  'deposits_bonus_thb',
  'bank_in_lak',
  'bank_out_lak',
  'bank_net_lak',
];

// Quoted only when needed (RFC 4180); a leading formula character is defused for spreadsheets.
function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text) && Number.isNaN(Number(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const kipCells = (kip: TKipReceived) =>
  [kip.matched, kip.credited, kip.refunded, kip.unmatched, kip.total].flatMap((c) => [c.count, c.amount]);

function channelRow(name: string, figures: Omit<TSettlementChannel, 'channel'>): string[] {
  const { kipReceived, depositsCredited: d, bank } = figures;
  return [name, ...kipCells(kipReceived), d.count, d.lak, d.thb, d.bonus, bank.in, bank.out, bank.net].map(
    cell,
  );
}

/**
 * The settlement report as CSV: one row per channel (`-` for what has none) and a TOTAL row, then a blank
 * line and the day's other figures as `figure,value` rows. Amounts as in the JSON (decimal strings).
 */
export function toSettlementCsv(report: TSettlementReport): string {
  const { payouts, bonuses, house } = report;
  const lines = [
    CHANNEL_HEADER.join(','),
    ...report.channels.map((c) => channelRow(c.channel ?? '-', c).join(',')),
    channelRow('TOTAL', report.totals).join(','),
    '',
    'figure,value',
    ...[
      ['date', report.date],
      ['time_zone', report.timeZone],
      ['payouts_paid_count', payouts.paid.count],
      ['payouts_paid_lak', payouts.paid.lak],
      ['payouts_paid_thb', payouts.paid.thb],
      ['payouts_bounced_count', payouts.bounced.count],
      ['payouts_bounced_lak', payouts.bounced.lak],
      ['payouts_bounced_thb', payouts.bounced.thb],
      ['bonuses_given_thb', bonuses.given],
      ['bonuses_taken_back_thb', bonuses.takenBack],
      ['house_result_thb', house.thb],
      ['house_result_lak', house.lak],
    ].map(([figure, value]) => `${cell(figure as string)},${cell(value as string | number)}`),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
