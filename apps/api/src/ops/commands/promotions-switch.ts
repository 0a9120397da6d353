import { ZOpsPromotionResponse } from '@lc/shared/contracts/ops-promotions';
import { EXIT, type OpsCommand } from '../command';
import { promotionLine } from '../describe-promotion';
import { UsageError } from '../parse-args';

/** `promotions activate|deactivate ID`: the same call but for the state it sets. */
function promotionSwitchCommand(verb: 'activate' | 'deactivate', summary: string): OpsCommand {
  return {
    name: `promotions ${verb}`,
    summary,
    usage: 'ID',
    positionals: ['ID'],
    options: {},
    async run({ client, out }, { positionals }) {
      const [id, ...extra] = positionals;
      if (!id || extra.length > 0) throw new UsageError('give exactly one promotion ID');
      const { body } = await client.request(
        'POST',
        `/api/ops/v1/promotions/${encodeURIComponent(id)}/${verb}`,
        ZOpsPromotionResponse,
      );
      out(promotionLine(body.promotion));
      return EXIT.OK;
    },
  };
}

export const promotionsActivateCommand = promotionSwitchCommand(
  'activate',
  'Show a promotion to players (within its dates)',
);
export const promotionsDeactivateCommand = promotionSwitchCommand(
  'deactivate',
  'Hide a promotion from players; usages under way go on',
);
