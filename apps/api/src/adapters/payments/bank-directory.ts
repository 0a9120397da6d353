import type { TBank } from '@lc/shared/providers';

/** What the bank says about an account number (api.md, sandbox bank directory). */
export const ACCOUNT_STATUSES = ['PERSONAL', 'WALLET', 'SIMULATED', 'NOT_FOUND'] as const;
export type TAccountStatus = (typeof ACCOUNT_STATUSES)[number];

export type AccountLookup = {
  status: TAccountStatus;
  /** The holder's name when the bank discloses it; null when it does not (the sandbox never does). */
  accountName: string | null;
};

/** Looks bank accounts up before a player may register one (domain.md, Bank account). */
export interface BankDirectory {
  /** `accountNumber` is digits only (normalized). Throws {@link BankUnavailableError} when the bank can't answer. */
  lookupAccount(bank: TBank, accountNumber: string): Promise<AccountLookup>;
}

/** The bank did not answer (timeout, network, 5xx, a malformed answer or no bank configured). */
export class BankUnavailableError extends Error {
  override readonly name = 'BankUnavailableError';
}
