import { describe, expect, it } from 'vitest';
import { quickAmounts } from './quick-amounts';

describe('quickAmounts', () => {
  it('offers the first four round sums within the limits', () => {
    expect(quickAmounts({ min: '20000', max: '20000000' })).toEqual(['50000', '100000', '200000', '500000']);
  });

  it('never offers a sum below the minimum or above the maximum', () => {
    expect(quickAmounts({ min: '100000', max: '600000' })).toEqual(['100000', '200000', '500000']);
    expect(quickAmounts({ min: '100001', max: '199999' })).toEqual([]);
  });

  it('offers nothing when the limits are not whole kip', () => {
    expect(quickAmounts({ min: '', max: '1000000' })).toEqual([]);
    expect(quickAmounts({ min: '1.5', max: '1000000' })).toEqual([]);
  });
});
