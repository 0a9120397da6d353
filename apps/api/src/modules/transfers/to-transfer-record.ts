import type { TTransferRecord, TTransferStatus } from '@lc/shared/contracts/transfers';
import { formatMinor } from '@lc/shared/money';
import type { TransferRow, TTransferRowStatus } from '../../db/schema/transfers';

// Under way is PENDING for the player, whichever leg it waits for (decision 0072).
const PLAYER_STATUS: Record<TTransferRowStatus, TTransferStatus> = {
  OUT_PENDING: 'PENDING',
  IN_PENDING: 'PENDING',
  RETURNING: 'PENDING',
  SUCCESS: 'SUCCESS',
  RETURNED: 'RETURNED',
  FAILED: 'FAILED',
};

/** The status the player sees for a stored one (internal states folded). */
export function playerTransferStatus(status: TTransferRowStatus): TTransferStatus {
  return PLAYER_STATUS[status];
}

/** The player's view of a transfer: an allowlist, internal states folded. */
export function toTransferRecord(row: TransferRow): TTransferRecord {
  return {
    reference: row.reference,
    from: row.fromProvider,
    to: row.toProvider,
    amount: formatMinor(row.amount, 'THB'),
    status: playerTransferStatus(row.status),
    createdAt: row.createdAt.toISOString(),
  };
}
