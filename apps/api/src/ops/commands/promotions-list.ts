import { ZOpsPromotionListResponse } from '@lc/shared/contracts/ops-promotions';
import { EXIT, type OpsCommand } from '../command';
import { bonusText, datesText, targetText } from '../describe-promotion';
import { formatTable } from '../format-table';

export const promotionsListCommand: OpsCommand = {
  name: 'promotions list',
  summary: 'List every promotion of the agency, inactive ones too, newest first',
  usage: '[--json]',
  options: {
    json: {
      type: 'boolean',
      description: 'print them as JSON (copy one into a file to change it with `promotions update`)',
    },
  },
  async run({ client, out }, { options }) {
    const { body } = await client.request('GET', '/api/ops/v1/promotions', ZOpsPromotionListResponse);
    if (options.json) {
      out(JSON.stringify(body.promotions, null, 2));
      return EXIT.OK;
    }
    if (body.promotions.length > 0) {
      const lines = formatTable(
        [
          { header: 'ID', value: (p) => p.id },
          { header: 'TITLE (lo)', value: (p) => p.title.lo },
          { header: 'DEPOSIT LAK', value: (p) => p.depositAmount, isNumeric: true },
          { header: 'BONUS', value: bonusText },
          { header: 'TARGET', value: targetText },
          { header: 'PROVIDERS', value: (p) => p.providers.join(',') },
          { header: 'ACTIVE', value: (p) => (p.active ? 'yes' : 'no') },
          { header: 'DATES', value: datesText },
        ],
        body.promotions,
      );
      for (const line of lines) out(line);
    }
    out(`${body.promotions.length} promotions`);
    return EXIT.OK;
  },
};
