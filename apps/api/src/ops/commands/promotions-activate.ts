import { ZOpsPromotionResponse } from '@lc/shared/contracts/ops-promotions';
import { EXIT, type OpsCommand } from '../command';
import { promotionLine } from '../describe-promotion';
import { UsageError } from '../parse-args';

export const promotionsActivateCommand: OpsCommand = {
  name: 'promotions activate',
  summary: 'Show a promotion to players (within its dates)',
  usage: 'ID',
  positionals: ['ID'],
  options: {},
  async run({ client, out }, { positionals }) {
    const [id, ...extra] = positionals;
    if (!id || extra.length > 0) throw new UsageError('give exactly one promotion ID');
    const { body } = await client.request(
      'POST',
      `/api/ops/v1/promotions/${encodeURIComponent(id)}/activate`,
      ZOpsPromotionResponse,
    );
    out(promotionLine(body.promotion));
    return EXIT.OK;
  },
};
