import { describe, expect, it } from 'vitest';
import { withdrawPayoutPreview } from './withdraw-preview';

const rates = [{ currency: 'THB', buy: '620.55', sell: '640.50' }];

describe('withdrawPayoutPreview', () => {
  it('multiplies by the THB buy rate and rounds down to the kip', () => {
    expect(withdrawPayoutPreview('150', rates)).toBe('93082'); // 93082.5
    expect(withdrawPayoutPreview('150.00', rates)).toBe('93082');
    expect(withdrawPayoutPreview('0.01', rates)).toBe('6'); // 6.2055
    expect(withdrawPayoutPreview('100.', rates)).toBe('62055');
  });

  it('shows nothing without a credit or a THB rate', () => {
    expect(withdrawPayoutPreview('', rates)).toBeNull();
    expect(withdrawPayoutPreview('0', rates)).toBeNull();
    expect(withdrawPayoutPreview('1.234', rates)).toBeNull();
    expect(withdrawPayoutPreview('150', [{ currency: 'USD', buy: '20000', sell: '21000' }])).toBeNull();
  });
});
