import { randomUUID } from 'node:crypto';
import { ZOpsCreditResponse } from '@lc/shared/contracts/ops-players';
import { EXIT, type OpsCommand } from '../command';
import { UsageError } from '../parse-args';

export const playersCreditCommand: OpsCommand = {
  name: 'players credit',
  summary:
    'Credit a player at a provider (booked as an adjustment, not a deposit); repeat with --key to resolve a pending one',
  usage: 'ID --provider P --amount 100.00 --reason TEXT [--key KEY]',
  positionals: ['ID'],
  options: {
    provider: {
      type: 'string',
      description: 'alphabet, askmebet, betflix, gclub or gclub_live',
      isRequired: true,
    },
    amount: { type: 'string', description: 'THB credit, e.g. 100.00', isRequired: true },
    reason: {
      type: 'string',
      description: 'why (required; kept in the ledger memo and the audit log)',
      isRequired: true,
    },
    key: { type: 'string', description: 'idempotency key: the same key never credits twice (default: new)' },
  },
  async run({ client, out }, { positionals, options }) {
    const [playerId, ...extra] = positionals;
    if (!playerId || extra.length > 0) throw new UsageError('give exactly one player ID');
    const key = typeof options.key === 'string' ? options.key : randomUUID();
    const { status, body } = await client.request(
      'POST',
      `/api/ops/v1/players/${encodeURIComponent(playerId)}/credit`,
      ZOpsCreditResponse,
      {
        body: { provider: options.provider, amount: options.amount, reason: options.reason },
        headers: { 'idempotency-key': key },
      },
    );
    const { credit } = body;
    if (status === 202) {
      out(`PENDING: the provider's answer was lost; reference ${credit.reference}`);
      out(`run the same command again with --key ${key} to resolve it (it will never credit twice)`);
      return EXIT.INCOMPLETE;
    }
    out(
      `credited ${credit.amount} THB to ${credit.playerId} at ${credit.provider} (reference ${credit.reference})`,
    );
    return EXIT.OK;
  },
};
