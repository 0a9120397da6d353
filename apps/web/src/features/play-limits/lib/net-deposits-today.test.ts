import { describe, expect, it } from 'vitest';
import { netDepositsToday } from './net-deposits-today';

describe('netDepositsToday', () => {
  // 2026-01-15 20:00 in Vientiane.
  const now = new Date('2026-01-15T13:00:00.000Z');

  it('adds credited deposits and subtracts paid-out withdrawals of the Lao day, exactly', () => {
    const deposits = [
      { amount: '9007199254740993', status: 'SUCCESS', date_time: '2026-01-15T01:00:00.000Z' },
      { amount: '100000', status: 'SUCCESS', date_time: '2026-01-14T17:00:00.000Z' }, // 00:00 Lao: today
      { amount: '500000', status: 'SUCCESS', date_time: '2026-01-14T16:59:59.000Z' }, // yesterday in Laos
      { amount: '700000', status: 'OPEN', date_time: '2026-01-15T02:00:00.000Z' },
      { amount: '800000', status: 'CANCELED', date_time: '2026-01-15T02:00:00.000Z' },
    ] as const;
    const withdrawals = [
      { payout_amount: '3', status: 'SUCCESS', date_time: '2026-01-15T05:00:00.000Z' },
      { payout_amount: '400000', status: 'OPEN', date_time: '2026-01-15T05:00:00.000Z' },
    ] as const;
    expect(netDepositsToday([...deposits], [...withdrawals], now)).toBe('9007199254840990');
  });

  it('goes negative when more was paid out than deposited, and is 0 without orders', () => {
    expect(
      netDepositsToday(
        [],
        [{ payout_amount: '250000', status: 'SUCCESS', date_time: '2026-01-15T05:00:00.000Z' }],
        now,
      ),
    ).toBe('-250000');
    expect(netDepositsToday([], [], now)).toBe('0');
  });
});
