import type { TDepositRecord } from '@lc/shared/contracts/deposits';
import { describe, expect, it } from 'vitest';
import { depositPaymentState } from './payment-state';

// The keys and params as a test translation: "key{name=value,…}".
const t = (key: string, params: Record<string, string> = {}) =>
  `${key}{${Object.entries(params)
    .map(([name, value]) => `${name}=${value}`)
    .join(',')}}`;

const order = (over: Partial<TDepositRecord>) =>
  ({
    amount: '100000',
    paid_amount: null,
    review: null,
    refunded_amount: null,
    status: 'OPEN',
    credit: '156.12',
    ...over,
  }) as TDepositRecord;

describe('depositPaymentState', () => {
  it('says nothing of an order not paid, or paid as ordered', () => {
    expect(depositPaymentState(t, order({}))).toEqual({ paid: null, state: null, kind: null });
    expect(depositPaymentState(t, order({ status: 'SUCCESS', paid_amount: '100000' }))).toEqual({
      paid: null,
      state: null,
      kind: null,
    });
  });

  it('names what is missing, or what is over, while staff have it', () => {
    expect(
      depositPaymentState(t, order({ status: 'PAID', paid_amount: '99000', review: 'AMOUNT_MISMATCH' })),
    ).toEqual({
      paid: 'deposit.paidLine{paid=₭99,000}',
      state: 'deposit.review.short{missing=₭1,000}',
      kind: 'short',
    });
    expect(
      depositPaymentState(t, order({ status: 'PAID', paid_amount: '120000', review: 'AMOUNT_MISMATCH' }))
        .state,
    ).toBe('deposit.review.over{extra=₭20,000}');
    expect(
      depositPaymentState(t, order({ status: 'SUCCESS', paid_amount: '200000', review: 'DUPLICATE' })).state,
    ).toBe('deposit.review.duplicate{extra=₭100,000}');
    expect(
      depositPaymentState(t, order({ status: 'CANCELED', paid_amount: '100000', review: 'LATE' })),
    ).toEqual({ paid: 'deposit.paidLine{paid=₭100,000}', state: 'deposit.latePaid{}', kind: 'late' });
  });

  it('says what staff did: credited from what was paid, or refunded', () => {
    expect(
      depositPaymentState(t, order({ status: 'SUCCESS', paid_amount: '99000', credit: '154.56' })),
    ).toEqual({
      paid: 'deposit.paidLine{paid=₭99,000}',
      state: 'deposit.outcome.credited{credit=฿154.56}',
      kind: 'credited',
    });
    expect(
      depositPaymentState(t, order({ status: 'REJECTED', paid_amount: '99000', refunded_amount: '99000' })),
    ).toEqual({
      paid: 'deposit.paidLine{paid=₭99,000}',
      state: 'deposit.outcome.refunded{refunded=₭99,000}',
      kind: 'refunded',
    });
  });
});
