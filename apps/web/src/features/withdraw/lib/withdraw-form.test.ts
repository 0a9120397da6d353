import { describe, expect, it } from 'vitest';
import { toCreateWithdrawalRequest, validateWithdraw, type WithdrawFormValues } from './withdraw-form';

const context = { limits: { min: '50.00', max: '100000.00' }, bankAccountIds: ['acc-1'], balance: '500.00' };
const valid: WithdrawFormValues = { provider: 'betflix', bankAccountId: 'acc-1', credit: '150' };

describe('validateWithdraw', () => {
  it('passes a complete form, the whole balance included', () => {
    expect(validateWithdraw(valid, context)).toEqual({});
    expect(validateWithdraw({ ...valid, credit: '500.00' }, context)).toEqual({});
    expect(validateWithdraw({ ...valid, credit: '150.' }, context)).toEqual({});
  });

  it('requires provider, bank account and credit', () => {
    expect(validateWithdraw({ provider: '', bankAccountId: '', credit: '' }, context)).toEqual({
      provider: 'REQUIRED',
      bankAccountId: 'REQUIRED',
      credit: 'REQUIRED',
    });
  });

  it('checks the limits and the live balance', () => {
    expect(validateWithdraw({ ...valid, credit: '49.99' }, context)).toEqual({ credit: 'TOO_SMALL' });
    expect(validateWithdraw({ ...valid, credit: '500.01' }, context)).toEqual({ credit: 'INSUFFICIENT' });
    expect(validateWithdraw({ ...valid, credit: '100000.01' }, { ...context, balance: undefined })).toEqual({
      credit: 'TOO_LARGE',
    });
    expect(validateWithdraw({ ...valid, credit: '1.234' }, context)).toEqual({ credit: 'INVALID' });
  });
});

describe('toCreateWithdrawalRequest', () => {
  it('writes the credit with two decimals', () => {
    expect(toCreateWithdrawalRequest(valid)).toEqual({ ...valid, credit: '150.00' });
    expect(toCreateWithdrawalRequest({ ...valid, credit: '150.5' }).credit).toBe('150.50');
    expect(toCreateWithdrawalRequest({ ...valid, credit: '150.' }).credit).toBe('150.00');
  });
});
