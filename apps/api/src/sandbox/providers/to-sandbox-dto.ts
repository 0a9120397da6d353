import { formatMinor } from '@lc/shared/money';
import type { SandboxMemberRow, SandboxTransferRow } from '../../db/schema/sandbox-providers';

// The provider protocol's JSON: THB amounts as decimal strings with two decimals.

export const toMoney = (satang: bigint): string => formatMinor(satang, 'THB');

export function toTransferDto(row: SandboxTransferRow) {
  return {
    reference: row.reference,
    direction: row.direction,
    amount: toMoney(row.amount),
    balanceAfter: toMoney(row.balanceAfter),
  };
}

export function toStatementDto(member: SandboxMemberRow) {
  return {
    balance: toMoney(member.balance),
    transferredIn: toMoney(member.transferredIn),
    transferredOut: toMoney(member.transferredOut),
  };
}
