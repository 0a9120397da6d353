import type { TOpsCredit } from '@lc/shared/contracts/ops-players';
import { formatMinor } from '@lc/shared/money';
import type { OpsCreditRow } from '../../db/schema/ops-credits';

export function toOpsCreditDto(row: OpsCreditRow): TOpsCredit {
  return {
    reference: row.reference,
    playerId: row.playerId,
    provider: row.provider,
    amount: formatMinor(row.amount, 'THB'),
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
