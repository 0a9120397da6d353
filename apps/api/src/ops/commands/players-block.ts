import { ZOpsPlayerResponse } from '@lc/shared/contracts/ops-players';
import { EXIT, type OpsCommand } from '../command';
import { UsageError } from '../parse-args';

export const playersBlockCommand: OpsCommand = {
  name: 'players block',
  summary: 'Block a player from receiving promotions (the player stays signed in and can still play)',
  usage: 'ID [--reason TEXT]',
  positionals: ['ID'],
  options: {
    reason: { type: 'string', description: 'shown to the player and kept in the audit log (≤ 200)' },
  },
  async run({ client, out }, { positionals, options }) {
    const [playerId, ...extra] = positionals;
    if (!playerId || extra.length > 0) throw new UsageError('give exactly one player ID');
    const { body } = await client.request(
      'POST',
      `/api/ops/v1/players/${encodeURIComponent(playerId)}/block`,
      ZOpsPlayerResponse,
      { body: { reason: options.reason } },
    );
    out(`blocked ${body.player.username} (${body.player.id}) from promotions`);
    return EXIT.OK;
  },
};
