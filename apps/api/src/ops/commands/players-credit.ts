import { ZApprovalResponse } from '@lc/shared/contracts/ops-approvals';
import { EXIT, type OpsCommand } from '../command';
import { UsageError } from '../parse-args';

/**
 * Asks for an adjustment: the OPS token may only ask (decision 0065). Nothing moves until a second staff
 * member of role finance or admin approves it in the back office (Approvals); the approval books it.
 */
export const playersCreditCommand: OpsCommand = {
  name: 'players credit',
  summary:
    "Request an adjustment of a player's credit at a provider (four eyes: booked once a staff member approves it)",
  usage: 'ID --provider P --amount 100.00 --reason TEXT',
  positionals: ['ID'],
  options: {
    provider: {
      type: 'string',
      description: 'alphabet, askmebet, betflix, gclub or gclub_live',
      isRequired: true,
    },
    amount: { type: 'string', description: 'signed THB credit, e.g. 100.00 or -20.00', isRequired: true },
    reason: {
      type: 'string',
      description: 'why (required; kept in the request, the ledger memo and the audit log)',
      isRequired: true,
    },
  },
  async run({ client, out }, { positionals, options }) {
    const [playerId, ...extra] = positionals;
    if (!playerId || extra.length > 0) throw new UsageError('give exactly one player ID');
    const { body } = await client.request('POST', '/api/ops/v1/adjustments', ZApprovalResponse, {
      body: { playerId, provider: options.provider, amount: options.amount, reason: options.reason },
    });
    const { approval } = body;
    out(
      `requested ${approval.payload.amount} THB for ${playerId} at ${approval.payload.provider}: approval ${approval.id} ${approval.status}`,
    );
    out(
      'a second staff member (finance or admin) approves it in the back office (Approvals); then it is booked',
    );
    return EXIT.OK;
  },
};
