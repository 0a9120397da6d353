import {
  ACCOUNT_NAME_MAX,
  ACCOUNT_NUMBER_MAX,
  ACCOUNT_NUMBER_MIN,
  normalizeAccountNumber,
  OWNERS,
  type TCreateBankAccountRequest,
} from '@lc/shared/contracts/bank-accounts';
import { BANKS } from '@lc/shared/providers';

/** What the form holds: every select starts empty so the player has to choose (spec section 5). */
export type BankAccountFormValues = {
  bank: string;
  accountNumber: string;
  accountName: string;
  currency: string;
  owner: string;
};

export type BankAccountField = keyof BankAccountFormValues;

/** A field error code, as the API's `error.fields` carries them. */
export type FieldCode = 'REQUIRED' | 'INVALID' | 'INVALID_FORMAT' | 'TOO_SHORT' | 'TOO_LONG';

/** The account number's problem, if any: digits only, 10–18 of them once spaces and dashes are stripped. */
export function accountNumberError(raw: string): FieldCode | null {
  const digits = normalizeAccountNumber(raw);
  if (digits === '') return 'REQUIRED';
  if (!/^\d+$/.test(digits)) return 'INVALID_FORMAT';
  if (digits.length < ACCOUNT_NUMBER_MIN) return 'TOO_SHORT';
  if (digits.length > ACCOUNT_NUMBER_MAX) return 'TOO_LONG';
  return null;
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * The same rules as the API's request schema, checked by hand so the form gives field-specific messages
 * without loading the schema library; the API stays the authority (its field codes map onto the same keys).
 */
export function validateBankAccount(
  values: BankAccountFormValues,
): Partial<Record<BankAccountField, FieldCode>> {
  const errors: Partial<Record<BankAccountField, FieldCode>> = {};
  if (!values.bank) errors.bank = 'REQUIRED';
  else if (!isOneOf(BANKS, values.bank)) errors.bank = 'INVALID';
  const numberError = accountNumberError(values.accountNumber);
  if (numberError) errors.accountNumber = numberError;
  const name = values.accountName.trim();
  if (name === '') errors.accountName = 'REQUIRED';
  else if (name.length > ACCOUNT_NAME_MAX) errors.accountName = 'TOO_LONG';
  if (!values.currency) errors.currency = 'REQUIRED';
  else if (values.currency !== 'LAK') errors.currency = 'INVALID';
  if (!values.owner) errors.owner = 'REQUIRED';
  else if (!isOneOf(OWNERS, values.owner)) errors.owner = 'INVALID';
  return errors;
}

/** The request body of valid form values: the number as digits only, the name trimmed. */
export function toCreateBankAccountRequest(values: BankAccountFormValues): TCreateBankAccountRequest {
  return {
    bank: values.bank as TCreateBankAccountRequest['bank'],
    accountNumber: normalizeAccountNumber(values.accountNumber),
    accountName: values.accountName.trim(),
    currency: 'LAK',
    owner: values.owner as TCreateBankAccountRequest['owner'],
  };
}
