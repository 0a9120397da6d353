import { type TOpsDeposit, ZOpsDepositsResponse } from '@lc/shared/contracts/ops-deposits';
import { EXIT, type OpsCommand } from '../command';
import { formatTable } from '../format-table';
import { ORDER_LIST_OPTIONS, orderListQuery } from '../order-list-query';

export const depositsListCommand: OpsCommand = {
  name: 'deposits list',
  summary: 'List deposits, newest first (PAID with MISMATCH = paid another amount: confirm or reject)',
  usage: '[--status OPEN|PAID|SUCCESS|CANCELED|FAILED|REJECTED] [--page N] [--page-size N]',
  options: {
    status: { type: 'string', description: 'only deposits in this state' },
    ...ORDER_LIST_OPTIONS,
  },
  async run({ client, out }, { options }) {
    const path = `/api/ops/v1/deposits${orderListQuery(options)}`;
    const { body } = await client.request('GET', path, ZOpsDepositsResponse);
    if (body.items.length > 0) {
      const lines = formatTable<TOpsDeposit>(
        [
          { header: 'CODE', value: (d) => d.code },
          { header: 'STATUS', value: (d) => (d.isAmountMismatch ? `${d.status} MISMATCH` : d.status) },
          { header: 'PLAYER', value: (d) => d.username },
          { header: 'PROVIDER', value: (d) => d.provider },
          { header: 'AMOUNT LAK', value: (d) => d.amount, isNumeric: true },
          { header: 'PAID LAK', value: (d) => d.paidAmount ?? '-', isNumeric: true },
          { header: 'CREDIT', value: (d) => d.credit, isNumeric: true },
          { header: 'BONUS', value: (d) => d.bonus, isNumeric: true },
          { header: 'CREATED', value: (d) => d.createdAt },
          { header: 'TRIES', value: (d) => String(d.attempts), isNumeric: true },
          { header: 'LAST ERROR', value: (d) => d.lastError ?? '-' },
        ],
        body.items,
      );
      for (const line of lines) out(line);
    }
    out(`${body.items.length} of ${body.total} deposits (page ${body.page})`);
    return EXIT.OK;
  },
};
