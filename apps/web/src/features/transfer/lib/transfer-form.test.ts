import { describe, expect, it } from 'vitest';
import {
  allAmount,
  balancesAfter,
  destinations,
  type TransferFormValues,
  toCreateTransferRequest,
  transferStatusColor,
  validateTransfer,
} from './transfer-form';

const context = { limits: { min: '10.00', max: '50000.00' }, balance: '500.00' };
const valid: TransferFormValues = { from: 'askmebet', to: 'gclub', amount: '150' };

describe('validateTransfer', () => {
  it('passes a complete form, the whole balance and a trailing point included', () => {
    expect(validateTransfer(valid, context)).toEqual({});
    expect(validateTransfer({ ...valid, amount: '500.00' }, context)).toEqual({});
    expect(validateTransfer({ ...valid, amount: '150.' }, context)).toEqual({});
  });

  it('requires both providers and an amount', () => {
    expect(validateTransfer({ from: '', to: '', amount: '' }, context)).toEqual({
      from: 'REQUIRED',
      to: 'REQUIRED',
      amount: 'REQUIRED',
    });
  });

  it('refuses moving credit to the provider it comes from, and unknown providers', () => {
    expect(validateTransfer({ ...valid, to: 'askmebet' }, context)).toEqual({ to: 'SAME' });
    expect(validateTransfer({ ...valid, from: 'nope', to: 'nada' }, context)).toEqual({
      from: 'INVALID',
      to: 'INVALID',
    });
  });

  it('checks the bounds, then the live balance', () => {
    expect(validateTransfer({ ...valid, amount: '9.99' }, context)).toEqual({ amount: 'TOO_SMALL' });
    expect(validateTransfer({ ...valid, amount: '500.01' }, context)).toEqual({ amount: 'INSUFFICIENT' });
    expect(validateTransfer({ ...valid, amount: '50000.01' }, { ...context, balance: undefined })).toEqual({
      amount: 'TOO_LARGE',
    });
    expect(validateTransfer({ ...valid, amount: '0' }, context)).toEqual({ amount: 'INVALID' });
    expect(validateTransfer({ ...valid, amount: '1.234' }, context)).toEqual({ amount: 'INVALID' });
  });

  it('leaves the bounds to the API when the agency does not say them', () => {
    expect(validateTransfer({ ...valid, amount: '0.01' }, { limits: null, balance: '500.00' })).toEqual({});
    expect(validateTransfer({ ...valid, amount: '900' }, { limits: null, balance: undefined })).toEqual({});
  });
});

describe('toCreateTransferRequest', () => {
  it('writes the amount with two decimals', () => {
    expect(toCreateTransferRequest(valid)).toEqual({ from: 'askmebet', to: 'gclub', amount: '150.00' });
    expect(toCreateTransferRequest({ ...valid, amount: '150.5' }).amount).toBe('150.50');
    expect(toCreateTransferRequest({ ...valid, amount: '150.' }).amount).toBe('150.00');
  });
});

describe('allAmount', () => {
  it('is the whole balance with two decimals', () => {
    expect(allAmount('500.00')).toBe('500.00');
    expect(allAmount('1234.5')).toBe('1234.50');
    expect(allAmount('0.01')).toBe('0.01');
  });

  it('is nothing while the balance is unknown, empty, negative or unreadable', () => {
    expect(allAmount(undefined)).toBeNull();
    expect(allAmount('0.00')).toBeNull();
    expect(allAmount('-5.00')).toBeNull();
    expect(allAmount('abc')).toBeNull();
  });
});

describe('destinations', () => {
  it('is every provider but the source', () => {
    expect(destinations('askmebet')).toEqual(['alphabet', 'betflix', 'gclub', 'gclub_live']);
    expect(destinations('')).toHaveLength(5);
  });
});

describe('balancesAfter', () => {
  it('takes the amount from one balance and adds it to the other, in satang', () => {
    expect(balancesAfter('500.00', '0.00', '300.00')).toEqual({ from: '200.00', to: '300.00' });
    expect(balancesAfter('0.30', '0.10', '0.20')).toEqual({ from: '0.10', to: '0.30' });
  });

  it('is null while a balance is unknown', () => {
    expect(balancesAfter(undefined, '0.00', '1.00')).toBeNull();
    expect(balancesAfter('1.00', '0.00', '')).toBeNull();
  });
});

describe('transferStatusColor', () => {
  it('colours each status and greys an unknown one', () => {
    expect(transferStatusColor('SUCCESS')).toBe('green');
    expect(transferStatusColor('PENDING')).toBe('yellow');
    expect(transferStatusColor('RETURNED')).toBe('orange');
    expect(transferStatusColor('FAILED')).toBe('red');
    expect(transferStatusColor('LOST')).toBe('gray');
  });
});
