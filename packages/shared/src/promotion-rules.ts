import { divRound, formatMinor, parseMoney } from './money';

/**
 * The arithmetic of a promotion (domain.md, Promotions; docs/decisions/0014-promotion-rules.md), pure so the
 * server applies it and the web app can show it the same way. Every figure is an integer scaled by 100:
 * THB in satang, percentages in hundredths of a percent ("12.5" % → 1250), factors in hundredths ("1.5" → 150).
 */

export type TScaledKind = 'FIXED' | 'PERCENT';

export type PromotionTerms = {
  bonus: { type: TScaledKind; value: bigint; max: bigint | null };
  target: { type: 'FIXED' | 'MULTIPLIER'; value: bigint };
  withdraw: {
    all: boolean;
    min: { type: TScaledKind; value: bigint } | null;
    max: { type: TScaledKind; value: bigint } | null;
    deductBonus: boolean;
  };
};

const PERCENT_SCALE = 10_000n; // hundredths of a percent
const FACTOR_SCALE = 100n;

/** "12.5" → 1250n: any two-decimal figure of a promotion (THB, percent or factor). */
export function parseScaled(text: string): bigint {
  return parseMoney(text, 'THB');
}

/** 1250n → "12.50". */
export function formatScaled(value: bigint): string {
  return formatMinor(value, 'THB');
}

/** The bonus a deposit giving `credit` satang earns: FIXED as set, PERCENT rounded down, then capped. */
export function bonusFor(terms: Pick<PromotionTerms, 'bonus'>, credit: bigint): bigint {
  const { type, value, max } = terms.bonus;
  const bonus = type === 'FIXED' ? value : divRound(credit * value, PERCENT_SCALE, 'down');
  return max !== null && bonus > max ? max : bonus;
}

/** The credit to exceed before withdrawing: FIXED as set, MULTIPLIER × (credit + bonus) rounded up. */
export function targetFor(terms: Pick<PromotionTerms, 'target'>, credit: bigint, bonus: bigint): bigint {
  const { type, value } = terms.target;
  return type === 'FIXED' ? value : divRound((credit + bonus) * value, FACTOR_SCALE, 'up');
}

export type WithdrawalSplit =
  | { ok: true; creditReceived: bigint; creditReturned: bigint }
  | {
      ok: false;
      code: 'PROMOTION_CREDIT_NOT_REACHED' | 'PROMOTION_WITHDRAW_ALL' | 'AMOUNT_OUT_OF_RANGE';
      /** The least a withdrawal may take, for AMOUNT_OUT_OF_RANGE from `withdraw.min`. */
      min?: bigint;
    };

export type WithdrawalUnderPromotion = {
  /** The provider's live balance, satang. */
  balance: bigint;
  /** What the player asks to take, satang. */
  credit: bigint;
  /** The usage's fixed target, bonus, and what its deposit gave (credit + bonus). */
  target: bigint;
  bonus: bigint;
  received: bigint;
};

/**
 * The withdrawal rules while a usage is USED, in order: the balance must exceed the target; `all` takes the
 * whole balance; `min` is the least it may take (PERCENT: of what the promotion deposit gave, rounded up);
 * `deductBonus` takes the bonus off what the player receives; `max` caps it (PERCENT: rounded down). What
 * is not received is returned to the house, so received + returned is always the credit taken.
 */
export function splitWithdrawal(
  terms: Pick<PromotionTerms, 'withdraw'>,
  w: WithdrawalUnderPromotion,
): WithdrawalSplit {
  const rules = terms.withdraw;
  if (w.balance <= w.target) return { ok: false, code: 'PROMOTION_CREDIT_NOT_REACHED' };
  if (rules.all && w.credit !== w.balance) return { ok: false, code: 'PROMOTION_WITHDRAW_ALL' };
  if (rules.min) {
    const min = limitAmount(rules.min, w.received, 'up');
    if (w.credit < min) return { ok: false, code: 'AMOUNT_OUT_OF_RANGE', min };
  }
  let creditReceived = rules.deductBonus ? w.credit - w.bonus : w.credit;
  if (creditReceived < 0n) creditReceived = 0n;
  if (rules.max) {
    const max = limitAmount(rules.max, w.received, 'down');
    if (creditReceived > max) creditReceived = max;
  }
  return { ok: true, creditReceived, creditReturned: w.credit - creditReceived };
}

function limitAmount(
  limit: { type: TScaledKind; value: bigint },
  received: bigint,
  rounding: 'up' | 'down',
): bigint {
  return limit.type === 'FIXED' ? limit.value : divRound(received * limit.value, PERCENT_SCALE, rounding);
}
