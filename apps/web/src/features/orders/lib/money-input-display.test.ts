import { formatMinor, parseMoney } from '@lc/shared/money';
import { formatCurrency, groupThousands } from '@lc/ui/format-currency';
import { AMOUNT_FORMAT_CASES } from '@lc/ui/format-currency.test-helpers';
import { describe, expect, it } from 'vitest';
import { normalizeCreditInput, normalizeLakInput } from './money-input';

describe('the money inputs read what the display shows', () => {
  it.each(AMOUNT_FORMAT_CASES.filter(({ amount }) => !amount.startsWith('-')))(
    '$shown typed into a $currency field is $amount',
    ({ amount, currency, shown }) => {
      if (currency === 'LAK') {
        expect(normalizeLakInput(shown)).toBe(formatMinor(parseMoney(amount, 'LAK'), 'LAK'));
      } else {
        // The credit field keeps at most 11 whole digits; the long case is beyond any credit.
        if (amount.length > 15) return;
        expect(normalizeCreditInput(shown)).toBe(formatMinor(parseMoney(amount, 'THB'), 'THB'));
      }
    },
  );

  it('groups typed kip as the display does', () => {
    expect(groupThousands(normalizeLakInput('₭20,000,000'))).toBe('20,000,000');
    expect(`₭${groupThousands('20000000')}`).toBe(formatCurrency('20000000', 'LAK'));
  });
});
