import { type TOpsBankPayment, ZBankPaymentsResponse } from '@lc/shared/contracts/ops-bank-payments';
import { EXIT, type OpsCommand } from '../command';
import { formatTable } from '../format-table';
import { ORDER_LIST_OPTIONS, orderListQuery } from '../order-list-query';

export const bankPaymentsListCommand: OpsCommand = {
  name: 'bank-payments list',
  summary: 'List payments the bank reported, newest first (UNMATCHED = waiting for you: credit or refund)',
  usage: '[--status MATCHED|UNMATCHED|CREDITED|REFUNDED] [--page N] [--page-size N]',
  options: {
    status: { type: 'string', description: 'only payments in this state' },
    ...ORDER_LIST_OPTIONS,
  },
  async run({ client, out }, { options }) {
    const path = `/api/ops/v1/bank-payments${orderListQuery(options)}`;
    const { body } = await client.request('GET', path, ZBankPaymentsResponse);
    if (body.items.length > 0) {
      const lines = formatTable<TOpsBankPayment>(
        [
          { header: 'ID', value: (p) => p.id },
          { header: 'STATUS', value: (p) => (p.reason ? `${p.status} ${p.reason}` : p.status) },
          { header: 'ORDER', value: (p) => p.depositCode ?? '-' },
          { header: 'BILL', value: (p) => p.billNumber },
          { header: 'AMOUNT LAK', value: (p) => p.amount, isNumeric: true },
          { header: 'PAID AT', value: (p) => p.paidAt },
          { header: 'BANK REF', value: (p) => p.bankReference },
          { header: 'CREDITED BY', value: (p) => p.creditedDepositCode ?? p.refundReference ?? '-' },
        ],
        body.items,
      );
      for (const line of lines) out(line);
    }
    out(`${body.items.length} of ${body.total} bank payments (page ${body.page})`);
    return EXIT.OK;
  },
};
