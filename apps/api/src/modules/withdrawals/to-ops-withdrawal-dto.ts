import type { TOpsWithdrawal } from '@lc/shared/contracts/ops-withdrawals';
import { formatMinor } from '@lc/shared/money';
import type { WithdrawalRow } from '../../db/schema/withdrawals';

/** The operators' view of a withdrawal: the internal state and where to pay. */
export function toOpsWithdrawalDto(row: WithdrawalRow, username: string): TOpsWithdrawal {
  return {
    code: row.code,
    playerId: row.playerId,
    username,
    provider: row.provider,
    amount: formatMinor(row.amount, 'THB'),
    creditReceived: formatMinor(row.creditReceived, 'THB'),
    creditReturned: formatMinor(row.creditReturned, 'THB'),
    payoutAmount: formatMinor(row.payoutAmount, 'LAK'),
    rateBuy: row.rateBuy,
    bank: row.bank,
    accountNumber: row.accountNumber,
    accountName: row.accountName,
    status: row.status,
    failure: row.failure,
    bankReference: row.bankReference,
    bounces: row.bounces,
    bounceReference: row.bounceReference,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
