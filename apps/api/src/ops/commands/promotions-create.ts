import { ZOpsPromotionResponse } from '@lc/shared/contracts/ops-promotions';
import { EXIT, type OpsCommand } from '../command';
import { promotionLine } from '../describe-promotion';
import { readPromotionFile } from '../promotion-file';

export const promotionsCreateCommand: OpsCommand = {
  name: 'promotions create',
  summary: 'Create a promotion from a JSON file (the fields of api.md; `promotions list --json` shows them)',
  usage: '--file promo.json',
  options: { file: { type: 'string', description: 'the promotion as JSON', isRequired: true } },
  async run({ client, out }, { options }) {
    const { body } = await client.request('POST', '/api/ops/v1/promotions', ZOpsPromotionResponse, {
      body: await readPromotionFile(String(options.file)),
    });
    out(`created ${promotionLine(body.promotion)}`);
    return EXIT.OK;
  },
};
