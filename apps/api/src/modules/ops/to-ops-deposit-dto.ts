import type { TOpsDeposit } from '@lc/shared/contracts/ops-deposits';
import { formatMinor } from '@lc/shared/money';
import type { DepositRow } from '../../db/schema/deposits';

/** The operators' view of a deposit. */
export function toOpsDepositDto(row: DepositRow, username: string): TOpsDeposit {
  return {
    code: row.code,
    playerId: row.playerId,
    username,
    provider: row.provider,
    amount: formatMinor(row.amount, 'LAK'),
    paidAmount: row.paidAmount === null ? null : formatMinor(row.paidAmount, 'LAK'),
    isAmountMismatch: row.isAmountMismatch,
    credit: formatMinor(row.credit, 'THB'),
    bonus: formatMinor(row.bonus, 'THB'),
    status: row.status,
    mid: row.mid,
    bankReference: row.bankReference,
    isLatePaid: row.isLatePaid,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}
