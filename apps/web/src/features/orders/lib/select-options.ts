import type { TBankAccount } from '@lc/shared/contracts/bank-accounts';
import { PROVIDERS } from '@lc/shared/providers';

type Translate = (key: string) => string;

/** The five providers as select options, with their translated names. */
export function providerOptions(t: Translate): Array<{ value: string; label: string }> {
  return PROVIDERS.map((provider) => ({ value: provider, label: t(`providers.${provider}`) }));
}

/** Accounts arrive masked from the server; the label adds the bank and the name so the player recognises it. */
export function bankAccountOptions(
  t: Translate,
  accounts: TBankAccount[],
): Array<{ value: string; label: string }> {
  return accounts.map((account) => ({
    value: account.id,
    label: `${t(`banks.${account.bank}`)} · ${account.accountNumber} · ${account.accountName}`,
  }));
}

/**
 * The chosen account's holder name, shown whole under the picker: the one-line input cuts the end of
 * "BCEL · *********6582 · Souksavanh Phommachanh" off on a phone, and the name is what the player checks.
 */
export function chosenAccountName(accounts: TBankAccount[], id: string): string | undefined {
  return accounts.find((account) => account.id === id)?.accountName;
}
