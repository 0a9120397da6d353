import { ZApprovalResponse } from '@lc/shared/contracts/ops-approvals';
import { RATE_CURRENCIES, ZSetExchangeRateResponse } from '@lc/shared/contracts/rates';
import { z } from 'zod';
import { EXIT, type OpsCommand } from '../command';
import { UsageError } from '../parse-args';

export const ratesSetCommand: OpsCommand = {
  name: 'rates set',
  summary: 'Set the buy and sell rate of a currency (LAK per unit)',
  usage: `${RATE_CURRENCIES.join('|')} --buy 625.25 --sell 640.50`,
  positionals: ['CURRENCY'],
  options: {
    buy: { type: 'string', description: 'LAK paid per unit when a player withdraws', isRequired: true },
    sell: { type: 'string', description: 'LAK charged per unit when a player deposits', isRequired: true },
  },
  async run({ client, out }, { positionals, options }) {
    const [currency, ...extra] = positionals;
    if (!currency || extra.length > 0)
      throw new UsageError(`give exactly one currency (${RATE_CURRENCIES.join(', ')})`);
    // A move of more than 5 % is filed as a four-eyes request (202) instead of being set.
    const answer = z.union([ZSetExchangeRateResponse, ZApprovalResponse]);
    const { body } = await client.request('PUT', '/api/ops/v1/exchange-rates', answer, {
      body: { currency: currency.toUpperCase(), buy: options.buy, sell: options.sell },
    });
    if ('approval' in body) {
      out(`rate change of more than 5 % waits for approval ${body.approval.id} by a finance or admin member`);
      return EXIT.OK;
    }
    const { rate } = body;
    out(
      `${rate.currency}: buy ${rate.buy}, sell ${rate.sell} LAK (set ${rate.updatedAt} by ${rate.updatedBy})`,
    );
    return EXIT.OK;
  },
};
