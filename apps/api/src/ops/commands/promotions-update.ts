import { ZOpsPromotionResponse } from '@lc/shared/contracts/ops-promotions';
import { EXIT, type OpsCommand } from '../command';
import { promotionLine } from '../describe-promotion';
import { UsageError } from '../parse-args';
import { readPromotionFile } from '../promotion-file';

export const promotionsUpdateCommand: OpsCommand = {
  name: 'promotions update',
  summary:
    'Replace every field of a promotion with a JSON file (usages under way keep their deposit and target)',
  usage: 'ID --file promo.json',
  positionals: ['ID'],
  options: { file: { type: 'string', description: 'the whole promotion as JSON', isRequired: true } },
  async run({ client, out }, { positionals, options }) {
    const [id, ...extra] = positionals;
    if (!id || extra.length > 0) throw new UsageError('give exactly one promotion ID');
    const { body } = await client.request(
      'PUT',
      `/api/ops/v1/promotions/${encodeURIComponent(id)}`,
      ZOpsPromotionResponse,
      { body: await readPromotionFile(String(options.file)) },
    );
    out(`updated ${promotionLine(body.promotion)}`);
    return EXIT.OK;
  },
};
