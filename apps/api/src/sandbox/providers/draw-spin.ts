import { randomInt } from 'node:crypto';

/** One spin's possible results: weight out of 100 and the multiple of the stake paid back. */
export const SPIN_OUTCOMES = [
  { outcome: 'lose', weight: 48, times: { num: 0n, den: 1n } },
  { outcome: 'half', weight: 15, times: { num: 1n, den: 2n } },
  { outcome: 'win', weight: 32, times: { num: 2n, den: 1n } },
  { outcome: 'jackpot', weight: 5, times: { num: 5n, den: 1n } },
] as const;
// Return to player 0.15 × 0.5 + 0.32 × 2 + 0.05 × 5 = 96.5 %: the house keeps 3.5 % of stakes on average.

export type TSpinOutcome = (typeof SPIN_OUTCOMES)[number]['outcome'];

export const REEL_SYMBOLS = ['7', '★', '♦', '♣', '♥', '♠'] as const;
export type TReelSymbol = (typeof REEL_SYMBOLS)[number];

/** A random integer in [0, max): crypto by default, replaceable in tests. */
export type RandomInt = (max: number) => number;
const cryptoInt: RandomInt = (max) => randomInt(max);

/** The outcome for a draw in [0, 100). */
export function outcomeOf(draw: number): (typeof SPIN_OUTCOMES)[number] {
  let edge = 0;
  for (const entry of SPIN_OUTCOMES) {
    edge += entry.weight;
    if (draw < edge) return entry;
  }
  throw new RangeError(`draw ${draw} outside [0, 100)`);
}

/** What `stake` pays back on `outcome` (rounded down to the satang). */
export function winOf(outcome: TSpinOutcome, stake: bigint): bigint {
  const entry = SPIN_OUTCOMES.find((o) => o.outcome === outcome);
  if (!entry) throw new RangeError(`unknown outcome ${outcome}`);
  return (stake * entry.times.num) / entry.times.den;
}

/** Draws an outcome and reels that show it: three sevens, three of a kind, a pair, or nothing alike. */
export function drawSpin(random: RandomInt = cryptoInt): { outcome: TSpinOutcome; reels: TReelSymbol[] } {
  const { outcome } = outcomeOf(random(100));
  const pick = (pool: readonly TReelSymbol[]) => pool[random(pool.length)] as TReelSymbol;
  const others = REEL_SYMBOLS.filter((s) => s !== '7');
  if (outcome === 'jackpot') return { outcome, reels: ['7', '7', '7'] };
  if (outcome === 'win') {
    const symbol = pick(others);
    return { outcome, reels: [symbol, symbol, symbol] };
  }
  const first = pick(REEL_SYMBOLS);
  const second = pick(REEL_SYMBOLS.filter((s) => s !== first));
  if (outcome === 'half') {
    const reels: TReelSymbol[] = [first, first, first];
    reels[random(3)] = second;
    return { outcome, reels };
  }
  const third = pick(REEL_SYMBOLS.filter((s) => s !== first && s !== second));
  return { outcome, reels: [first, second, third] };
}
