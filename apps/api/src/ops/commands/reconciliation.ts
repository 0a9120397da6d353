import { type TReconciliationRow, ZReconciliationResponse } from '@lc/shared/contracts/reconciliation';
import { EXIT, type OpsCommand } from '../command';
import { formatTable } from '../format-table';

const money = (value: string | null) => value ?? '-';

export const reconciliationCommand: OpsCommand = {
  name: 'reconciliation',
  summary: "Compare the ledger with every provider's statement; exit 1 when they differ",
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
    const { accounts, differences, unavailable } = body.summary;
    out(`accounts: ${accounts}`);
    if (unavailable > 0) out(`unavailable: ${unavailable}`);
    out(`differences: ${differences}`);
    if (differences > 0) return EXIT.FAILED;
    return unavailable > 0 ? EXIT.INCOMPLETE : EXIT.OK;
  },
};
