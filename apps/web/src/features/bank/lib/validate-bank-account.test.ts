import { describe, expect, it } from 'vitest';
import {
  accountNumberError,
  type BankAccountFormValues,
  toCreateBankAccountRequest,
  validateBankAccount,
} from './validate-bank-account';

const valid: BankAccountFormValues = {
  bank: 'bcel',
  accountNumber: '010-1234 567890',
  accountName: '  Somchai Phommavong ',
  currency: 'LAK',
  owner: 'SELF',
};

describe('accountNumberError', () => {
  it('accepts 10 to 18 digits once spaces and dashes are stripped', () => {
    expect(accountNumberError('0101234567')).toBeNull();
    expect(accountNumberError('010-123 4567')).toBeNull();
    expect(accountNumberError('1'.repeat(18))).toBeNull();
  });

  it('names the problem', () => {
    expect(accountNumberError('')).toBe('REQUIRED');
    expect(accountNumberError(' - ')).toBe('REQUIRED');
    expect(accountNumberError('12345abc90')).toBe('INVALID_FORMAT');
    expect(accountNumberError('123.456.7890')).toBe('INVALID_FORMAT');
    expect(accountNumberError('123456789')).toBe('TOO_SHORT');
    expect(accountNumberError('1'.repeat(19))).toBe('TOO_LONG');
  });
});

describe('validateBankAccount', () => {
  it('passes a complete form', () => {
    expect(validateBankAccount(valid)).toEqual({});
  });

  it('requires every choice and field', () => {
    expect(
      validateBankAccount({ bank: '', accountNumber: '', accountName: ' ', currency: '', owner: '' }),
    ).toEqual({
      bank: 'REQUIRED',
      accountNumber: 'REQUIRED',
      accountName: 'REQUIRED',
      currency: 'REQUIRED',
      owner: 'REQUIRED',
    });
  });

  it('refuses unknown banks, owners and any currency but LAK', () => {
    expect(validateBankAccount({ ...valid, bank: 'scb', currency: 'THB', owner: 'FRIEND' })).toEqual({
      bank: 'INVALID',
      currency: 'INVALID',
      owner: 'INVALID',
    });
  });

  it('limits the account name to 100 characters', () => {
    expect(validateBankAccount({ ...valid, accountName: 'a'.repeat(101) })).toEqual({
      accountName: 'TOO_LONG',
    });
  });
});

describe('toCreateBankAccountRequest', () => {
  it('sends digits only and a trimmed name', () => {
    expect(toCreateBankAccountRequest(valid)).toEqual({
      bank: 'bcel',
      accountNumber: '0101234567890',
      accountName: 'Somchai Phommavong',
      currency: 'LAK',
      owner: 'SELF',
    });
  });
});
