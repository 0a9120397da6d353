import { describe, expect, it } from 'vitest';
import { summariseRequest } from './request-summary';

describe('summariseRequest', () => {
  it('names a large payout by its withdrawal code, player, payout in kip, credit and bank reference', () => {
    const parts = summariseRequest({
      kind: 'WITHDRAWAL_APPROVAL',
      payload: {
        code: 'W20261126ABCD',
        playerId: '0b6f1c1e-3f8e-4c1e-9a55-9d2f3c1b2a10',
        username: 'somchai',
        credit: '12500.00',
        payoutAmount: '8125000',
        bankReference: 'BCEL-778812',
      },
    });
    expect(parts).toEqual([
      { type: 'copy', value: 'W20261126ABCD', label: 'approvals.withdrawalCode', testId: 'approval-code' },
      { type: 'copy', value: 'somchai', label: 'player', testId: 'approval-username' },
      { type: 'text', key: 'approvals.payout', values: { payout: '₭8,125,000', credit: '฿12,500.00' } },
      { type: 'copy', value: 'BCEL-778812', label: 'bankReference', testId: 'approval-bank-reference' },
    ]);
  });

  it('leaves out an empty bank reference', () => {
    const parts = summariseRequest({
      kind: 'WITHDRAWAL_APPROVAL',
      payload: {
        code: 'W1',
        playerId: 'p',
        username: 'u',
        credit: '1.00',
        payoutAmount: '650',
        bankReference: '',
      },
    });
    expect(parts.map((part) => (part.type === 'copy' ? part.label : part.key))).toEqual([
      'approvals.withdrawalCode',
      'player',
      'approvals.payout',
    ]);
  });

  it('gives a rate change its currency and buy and sell from → to, as the API writes them', () => {
    expect(
      summariseRequest({
        kind: 'RATE_CHANGE',
        payload: { currency: 'THB', buy: '700', sell: '720', previousBuy: '640', previousSell: '660' },
      }),
    ).toEqual([
      { type: 'text', key: 'approvals.rateChange', values: { currency: 'THB' } },
      { type: 'text', key: 'approvals.rateBuy', values: { from: '640', to: '700' } },
      { type: 'text', key: 'approvals.rateSell', values: { from: '660', to: '720' } },
    ]);
  });

  it('keeps an adjustment as amount at provider with the player id, and a role change with translated roles', () => {
    expect(
      summariseRequest({
        kind: 'ADJUSTMENT',
        payload: { playerId: 'p-1', provider: 'askmebet', amount: '-50.00' },
      }),
    ).toEqual([
      {
        type: 'text',
        key: 'approvals.adjustment',
        values: { amount: '฿-50.00', provider: { t: ['providers.askmebet', 'askmebet'] } },
      },
      { type: 'copy', value: 'p-1' },
    ]);
    expect(
      summariseRequest({
        kind: 'ROLE_CHANGE',
        payload: { staffId: 's-1', username: 'noi', from: 'cashier', to: 'finance' },
      }),
    ).toEqual([
      {
        type: 'text',
        key: 'approvals.roleChange',
        values: { username: 'noi', from: { t: 'role.cashier' }, to: { t: 'role.finance' } },
      },
    ]);
  });
});
