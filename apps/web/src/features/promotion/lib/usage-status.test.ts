import { describe, expect, it } from 'vitest';
import { isLiveUsage, usageStatusColor, usageStatusLabelKey } from './usage-status';

describe('usage status', () => {
  it('colours each status and shows an unknown one grey', () => {
    expect(usageStatusColor('ACTIVE')).toBe('blue');
    expect(usageStatusColor('USED')).toBe('yellow');
    expect(usageStatusColor('SUCCESS')).toBe('green');
    expect(usageStatusColor('INACTIVE')).toBe('gray');
    expect(usageStatusColor('CANCELED')).toBe('red');
    expect(usageStatusColor('CANCELING')).toBe('gray');
  });

  it('labels USED through its own key ("in use") and unknown values as unknown', () => {
    expect(usageStatusLabelKey('USED')).toBe('promotion.status.USED');
    expect(usageStatusLabelKey('SUCCESS')).toBe('promotion.status.SUCCESS');
    expect(usageStatusLabelKey('EXPIRED')).toBe('status.UNKNOWN');
  });

  it('treats only ACTIVE and USED as the usage in use', () => {
    expect(isLiveUsage({ status: 'ACTIVE' })).toBe(true);
    expect(isLiveUsage({ status: 'USED' })).toBe(true);
    for (const status of ['SUCCESS', 'INACTIVE', 'CANCELED'] as const)
      expect(isLiveUsage({ status })).toBe(false);
    expect(isLiveUsage(null)).toBe(false);
  });
});
