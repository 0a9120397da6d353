import { type TBankAccount, ZBankAccount } from '@lc/shared/contracts/bank-accounts';
import type { BankAccountRow } from '../../db/schema/bank-accounts';

/** `******7890`: the full number never leaves the server after it was entered. */
export function maskAccountNumber(accountNumber: string): string {
  return '*'.repeat(Math.max(accountNumber.length - 4, 0)) + accountNumber.slice(-4);
}

const ZBankCode = ZBankAccount.shape.bank;
const ZOwner = ZBankAccount.shape.owner;

/** The public allowlist of a bank account row (number masked). */
export function toBankAccountDto(row: BankAccountRow): TBankAccount {
  return {
    id: row.id,
    bank: ZBankCode.parse(row.bank),
    accountNumber: maskAccountNumber(row.accountNumber),
    accountName: row.accountName,
    currency: 'LAK',
    owner: ZOwner.parse(row.owner),
    createdAt: row.createdAt.toISOString(),
  };
}
