import type { TWithdrawRecordStatus } from '@lc/shared/contracts/orders';
import type { TWithdrawRecord } from '@lc/shared/contracts/withdrawals';
import { formatMinor } from '@lc/shared/money';
import type { TWithdrawalStatus, WithdrawalRow } from '../../db/schema/withdrawals';

// A transfer still under way is, for the player, an order that is still open.
// A bounced payout being credited back stays BOUNCED for the player until it is REJECTED.
const PLAYER_STATUS: Record<TWithdrawalStatus, TWithdrawRecordStatus> = {
  PENDING: 'OPEN',
  OPEN: 'OPEN',
  RETURNING: 'OPEN',
  SUCCESS: 'SUCCESS',
  FAILED: 'FAILED',
  REJECTED: 'REJECTED',
  BOUNCED: 'BOUNCED',
  BOUNCE_RETURNING: 'BOUNCED',
};

/** The status the player sees for a stored one (internal states folded). */
export function playerWithdrawalStatus(status: TWithdrawalStatus): TWithdrawRecordStatus {
  return PLAYER_STATUS[status];
}

/** The player's view of a withdrawal (api.md WithdrawRecord): an allowlist, internal states folded. */
export function toWithdrawRecord(row: WithdrawalRow): TWithdrawRecord {
  return {
    code: row.code,
    date_time: row.createdAt.toISOString(),
    game_provider: row.provider,
    amount: formatMinor(row.amount, 'THB'),
    credit_received: formatMinor(row.creditReceived, 'THB'),
    credit_returned: formatMinor(row.creditReturned, 'THB'),
    payout_amount: formatMinor(row.payoutAmount, 'LAK'),
    status: PLAYER_STATUS[row.status],
  };
}
