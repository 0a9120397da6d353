import { RATE_CURRENCIES, ZSetExchangeRateResponse } from '@lc/shared/contracts/rates';
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
    const { body } = await client.request('PUT', '/api/ops/v1/exchange-rates', ZSetExchangeRateResponse, {
      body: { currency: currency.toUpperCase(), buy: options.buy, sell: options.sell },
    });
    const { rate } = body;
    out(
      `${rate.currency}: buy ${rate.buy}, sell ${rate.sell} LAK (set ${rate.updatedAt} by ${rate.updatedBy})`,
    );
    return EXIT.OK;
  },
};
