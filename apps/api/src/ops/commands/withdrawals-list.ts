import { type TOpsWithdrawal, ZOpsWithdrawalsResponse } from '@lc/shared/contracts/ops-withdrawals';
import { EXIT, type OpsCommand } from '../command';
import { formatTable } from '../format-table';
import { ORDER_LIST_OPTIONS, orderListQuery } from '../order-list-query';

export const withdrawalsListCommand: OpsCommand = {
  name: 'withdrawals list',
  summary:
    'List withdrawals, newest first (OPEN ones wait for a payout: pay the account shown, then approve)',
  usage: '[--status OPEN|PENDING|RETURNING|SUCCESS|FAILED|REJECTED] [--page N] [--page-size N]',
  options: {
    status: { type: 'string', description: 'only withdrawals in this state' },
    ...ORDER_LIST_OPTIONS,
  },
  async run({ client, out }, { options }) {
    const path = `/api/ops/v1/withdrawals${orderListQuery(options)}`;
    const { body } = await client.request('GET', path, ZOpsWithdrawalsResponse);
    if (body.items.length > 0) {
      const lines = formatTable<TOpsWithdrawal>(
        [
          { header: 'CODE', value: (w) => w.code },
          { header: 'STATUS', value: (w) => w.status },
          { header: 'PLAYER', value: (w) => w.username },
          { header: 'PROVIDER', value: (w) => w.provider },
          { header: 'CREDIT', value: (w) => w.amount, isNumeric: true },
          { header: 'PAYOUT LAK', value: (w) => w.payoutAmount, isNumeric: true },
          { header: 'RATE', value: (w) => w.rateBuy, isNumeric: true },
          { header: 'BANK', value: (w) => w.bank },
          { header: 'ACCOUNT', value: (w) => w.accountNumber },
          { header: 'NAME', value: (w) => w.accountName },
          { header: 'CREATED', value: (w) => w.createdAt },
          { header: 'BANK REF', value: (w) => w.bankReference ?? '-' },
        ],
        body.items,
      );
      for (const line of lines) out(line);
    }
    out(`${body.items.length} of ${body.total} withdrawals (page ${body.page})`);
    return EXIT.OK;
  },
};
