import { type TReconciliationRow, ZReconciliationResponse } from '@lc/shared/contracts/reconciliation';
import { formatMinor, parseMoney } from '@lc/shared/money';
import { EXIT, type OpsCommand } from '../command';
import { formatTable } from '../format-table';

const money = (value: string | null) => value ?? '-';
/** The bonus account goes negative as bonuses are given: shown negated, what the agency gave away. */
const negated = (value: string) => formatMinor(-parseMoney(value, 'THB', { allowNegative: true }), 'THB');

export const reconciliationCommand: OpsCommand = {
  name: 'reconciliation',
  summary:
    "Compare the ledger with every provider's statement, with house, bonus and payout totals; exit 1 when they differ",
  usage: '',
  options: {},
  async run({ client, out }) {
    const { body } = await client.request('GET', '/api/ops/v1/reconciliation', ZReconciliationResponse);
    if (body.rows.length > 0) {
      const lines = formatTable<TReconciliationRow>(
        [
          { header: 'PLAYER', value: (r) => r.username },
          { header: 'PROVIDER', value: (r) => r.provider },
          { header: 'LEDGER', value: (r) => r.ledger, isNumeric: true },
          { header: 'IN', value: (r) => money(r.transferredIn), isNumeric: true },
          { header: 'OUT', value: (r) => money(r.transferredOut), isNumeric: true },
          { header: 'DIFFERENCE', value: (r) => money(r.difference), isNumeric: true },
          { header: 'BALANCE', value: (r) => money(r.providerBalance), isNumeric: true },
          { header: 'GAME NET', value: (r) => money(r.gameNet), isNumeric: true },
          { header: 'STATUS', value: (r) => (r.error ? `${r.status}: ${r.error}` : r.status) },
        ],
        body.rows,
      );
      for (const line of lines) out(line);
    }
    const { accounts, differences, unavailable, ledger, ledgerSum } = body.summary;
    out(`accounts: ${accounts}`);
    if (unavailable > 0) out(`unavailable: ${unavailable}`);
    out(`house: ${ledger.house}`);
    out(`bonuses given: ${negated(ledger.bonus)}`);
    out(`payouts owed: ${ledger.payout}`);
    // Never expected (every posting sums to zero): the cached balances would have drifted from their entries.
    const isLedgerUnbalanced = ledgerSum !== '0.00';
    if (isLedgerUnbalanced) out(`ledger sum: ${ledgerSum} (must be 0.00)`);
    out(`differences: ${differences}`);
    if (differences > 0 || isLedgerUnbalanced) return EXIT.FAILED;
    return unavailable > 0 ? EXIT.INCOMPLETE : EXIT.OK;
  },
};
