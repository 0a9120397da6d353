import type { TPromotionUsage } from '@lc/shared/contracts/promotions';
import { describe, expect, it } from 'vitest';
import { lockedAmount, promotionLockOf, withLockedAmount } from './promotion-lock';

const usage: TPromotionUsage = {
  usageId: 'u-1',
  promotionId: 'p-1',
  title: { lo: 'ໂບນັດຕ້ອນຮັບ', cn: '欢迎奖金', vn: 'Thưởng chào mừng', th: 'โบนัสต้อนรับ' },
  provider: 'alphabet',
  status: 'ACTIVE',
  depositAmount: '100000',
  bonus: '0.00',
  targetCredit: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  endedAt: null,
};

describe('promotionLockOf', () => {
  it('locks to the ACTIVE usage: its provider, amount and title in the interface language', () => {
    expect(promotionLockOf(usage, 'th')).toEqual({
      provider: 'alphabet',
      depositAmount: '100000',
      title: 'โบนัสต้อนรับ',
    });
    expect(promotionLockOf(usage, 'xx')?.title).toBe('ໂບນັດຕ້ອນຮັບ');
  });

  it('locks nothing without a usage or once its deposit is credited (USED) or it has ended', () => {
    expect(promotionLockOf(null, 'lo')).toBeNull();
    for (const status of ['USED', 'SUCCESS', 'INACTIVE', 'CANCELED'] as const) {
      expect(promotionLockOf({ ...usage, status }, 'lo')).toBeNull();
    }
  });
});

describe('lockedAmount', () => {
  const lock = promotionLockOf(usage, 'lo');

  it("fixes the amount only on the usage's provider", () => {
    expect(lockedAmount(lock, 'alphabet')).toBe('100000');
    expect(lockedAmount(lock, 'gclub')).toBeNull();
    expect(lockedAmount(lock, '')).toBeNull();
    expect(lockedAmount(null, 'alphabet')).toBeNull();
  });
});

describe('withLockedAmount', () => {
  const lock = promotionLockOf(usage, 'lo');
  const typed = { provider: 'alphabet', bankAccountId: 'acc-1', amount: '250000', mid: 'MID-1' };

  it("sends the promotion's amount on its provider whatever was typed", () => {
    expect(withLockedAmount(typed, lock)).toEqual({ ...typed, amount: '100000' });
  });

  it('keeps the typed amount on another provider and without a lock', () => {
    expect(withLockedAmount({ ...typed, provider: 'betflix' }, lock)).toEqual({
      ...typed,
      provider: 'betflix',
    });
    expect(withLockedAmount(typed, null)).toBe(typed);
  });
});
