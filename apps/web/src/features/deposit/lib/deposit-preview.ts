import type { TPromotion } from '@lc/shared/contracts/promotions';
import { convert, type ExchangeRate, formatMinor, parseMoney, tryParseMoney } from '@lc/shared/money';
import { bonusFor, parseScaled } from '@lc/shared/promotion-rules';

/**
 * The THB credit a LAK amount buys (spec: DEPOSIT = amount ÷ sell, rounded down to the satang) as a decimal
 * string, or null when there is nothing to show (no amount, a bad amount, no usable THB rate).
 */
export function depositCreditPreview(amount: string, rates: readonly ExchangeRate[]): string | null {
  const kip = tryParseMoney(amount, 'LAK');
  if (kip === null || kip <= 0n) return null;
  try {
    const credit = convert('DEPOSIT', kip, rates, 'THB');
    return credit > 0n ? formatMinor(credit, 'THB') : null;
  } catch {
    // A malformed rate from the server: no preview rather than a wrong one.
    return null;
  }
}

/**
 * What the promotion's deposit credits in all: the credit plus the bonus the server books with it (the same
 * shared arithmetic, domain.md Promotions), both THB decimal strings; null when the terms cannot be read.
 */
export function withPromotionBonus(
  credit: string,
  bonus: TPromotion['bonus'],
): { total: string; bonus: string } | null {
  try {
    const creditMinor = parseMoney(credit, 'THB');
    const terms = {
      bonus: {
        type: bonus.type,
        value: parseScaled(bonus.value),
        max: bonus.max === null ? null : parseScaled(bonus.max),
      },
    };
    const bonusMinor = bonusFor(terms, creditMinor);
    return { total: formatMinor(creditMinor + bonusMinor, 'THB'), bonus: formatMinor(bonusMinor, 'THB') };
  } catch {
    return null;
  }
}
