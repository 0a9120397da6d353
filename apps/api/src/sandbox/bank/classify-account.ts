import { ACCOUNT_NUMBER_MAX, ACCOUNT_NUMBER_MIN } from '@lc/shared/contracts/bank-accounts';
import type { AccountLookup } from '../../adapters/payments/bank-directory';

const WELL_FORMED = new RegExp(`^\\d{${ACCOUNT_NUMBER_MIN},${ACCOUNT_NUMBER_MAX}}$`);

/**
 * The sandbox bank directory's rules (api.md): every well-formed number is a personal account, except
 * numbers starting 000 (unknown), 999 (an e-wallet) and 998 (a simulated account). It knows no names.
 */
export function classifySandboxAccount(accountNumber: string): AccountLookup {
  if (!WELL_FORMED.test(accountNumber) || accountNumber.startsWith('000')) {
    return { status: 'NOT_FOUND', accountName: null };
  }
  if (accountNumber.startsWith('999')) return { status: 'WALLET', accountName: null };
  if (accountNumber.startsWith('998')) return { status: 'SIMULATED', accountName: null };
  return { status: 'PERSONAL', accountName: null };
}
