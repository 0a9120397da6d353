import type { TOpsPromotion } from '@lc/shared/contracts/ops-promotions';

/** "12.50" → "12.5", "3.00" → "3": percentages and factors read best without trailing zeros. */
const short = (figure: string) => (figure.includes('.') ? figure.replace(/\.?0+$/, '') : figure);

/** `50% max 100.00` or `150.00` (THB). */
export function bonusText(p: TOpsPromotion): string {
  const { type, value, max } = p.bonus;
  if (type === 'FIXED') return value;
  return max === null ? `${short(value)}%` : `${short(value)}% max ${max}`;
}

/** `x3` (× deposit credit + bonus) or `2000.00` (THB). */
export function targetText(p: TOpsPromotion): string {
  const { type, value } = p.targetCredit;
  return type === 'MULTIPLIER' ? `x${short(value)}` : value;
}

/** `2026-01-15T08:00:00.000Z → 2026-02-01T00:00:00.000Z`, or `… → no end`. */
export function datesText(p: TOpsPromotion): string {
  return `${p.startsAt} → ${p.endsAt ?? 'no end'}`;
}

/** One line after a change: id, state, Lao title and the figures that matter most. */
export function promotionLine(p: TOpsPromotion): string {
  const state = p.active ? 'active' : 'inactive';
  return `${p.id} (${state}) ${p.title.lo}: deposit ${p.depositAmount} LAK, bonus ${bonusText(p)}, target ${targetText(p)}`;
}
