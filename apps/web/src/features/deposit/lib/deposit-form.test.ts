import type { TPaymentChannel } from '@lc/shared/contracts/agency';
import { describe, expect, it } from 'vitest';
import { type DepositFormValues, toCreateDepositRequest, validateDeposit } from './deposit-form';

const channels: TPaymentChannel[] = [
  { code: 'bcel', mid: 'MID-1', displayName: 'BCEL One', currency: 'LAK' },
];
const context = { limits: { min: '20000', max: '20000000' }, channels, bankAccountIds: ['acc-1'] };
const valid: DepositFormValues = {
  provider: 'gclub',
  bankAccountId: 'acc-1',
  amount: '100000',
  mid: 'MID-1',
};

describe('validateDeposit', () => {
  it('passes a complete form', () => {
    expect(validateDeposit(valid, context)).toEqual({});
  });

  it('requires provider, bank account, amount and MID', () => {
    expect(validateDeposit({ provider: '', bankAccountId: '', amount: '', mid: '' }, context)).toEqual({
      provider: 'REQUIRED',
      bankAccountId: 'REQUIRED',
      amount: 'REQUIRED',
      mid: 'REQUIRED',
    });
  });

  it('refuses unknown choices and amounts out of range or not whole kip', () => {
    expect(
      validateDeposit({ provider: 'sbobet', bankAccountId: 'other', amount: '19999', mid: 'MID-9' }, context),
    ).toEqual({ provider: 'INVALID', bankAccountId: 'INVALID', amount: 'TOO_SMALL', mid: 'INVALID' });
    expect(validateDeposit({ ...valid, amount: '20000001' }, context)).toEqual({ amount: 'TOO_LARGE' });
    expect(validateDeposit({ ...valid, amount: '100000.5' }, context)).toEqual({ amount: 'INVALID' });
  });
});

describe('toCreateDepositRequest', () => {
  it('sends the API field names with the amount as digits', () => {
    expect(toCreateDepositRequest(valid)).toEqual(valid);
  });
});
