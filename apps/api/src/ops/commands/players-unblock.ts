import { ZOpsPlayerResponse } from '@lc/shared/contracts/ops-players';
import { EXIT, type OpsCommand } from '../command';
import { UsageError } from '../parse-args';

export const playersUnblockCommand: OpsCommand = {
  name: 'players unblock',
  summary: 'Let a blocked player receive promotions again',
  usage: 'ID',
  positionals: ['ID'],
  options: {},
  async run({ client, out }, { positionals }) {
    const [playerId, ...extra] = positionals;
    if (!playerId || extra.length > 0) throw new UsageError('give exactly one player ID');
    const { body } = await client.request(
      'POST',
      `/api/ops/v1/players/${encodeURIComponent(playerId)}/unblock`,
      ZOpsPlayerResponse,
    );
    out(`unblocked ${body.player.username} (${body.player.id}): promotions are open to the player again`);
    return EXIT.OK;
  },
};
