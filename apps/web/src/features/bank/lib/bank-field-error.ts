import { ACCOUNT_NAME_MAX, ACCOUNT_NUMBER_MAX, ACCOUNT_NUMBER_MIN } from '@lc/shared/contracts/bank-accounts';
import type { TFunction } from 'i18next';
import type { BankAccountField } from './validate-bank-account';

/**
 * The message of a field code on the bank form: a field-specific text (`bank.fieldErrors.<field>.<CODE>`)
 * when there is one, else the generic `errors:fields.<CODE>`. Works for client and API (`error.fields`) codes.
 */
export function bankFieldErrorMessage(
  t: TFunction,
  field: BankAccountField,
  code: unknown,
): string | undefined {
  if (typeof code !== 'string' || code === '') return undefined;
  return t([`bank.fieldErrors.${field}.${code}`, `errors:fields.${code}`, 'errors:fields.INVALID'], {
    min: ACCOUNT_NUMBER_MIN,
    max: field === 'accountName' ? ACCOUNT_NAME_MAX : ACCOUNT_NUMBER_MAX,
  });
}
