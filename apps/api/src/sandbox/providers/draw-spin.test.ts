import { describe, expect, it } from 'vitest';
import { drawSpin, outcomeOf, SPIN_OUTCOMES, winOf } from './draw-spin';

describe('demo slot odds', () => {
  it('has weights that cover [0, 100) and a positive house edge', () => {
    expect(SPIN_OUTCOMES.reduce((sum, o) => sum + o.weight, 0)).toBe(100);
    // Expected payback of a 100.00 stake over 100 equally likely draws, in satang.
    let paid = 0n;
    for (let draw = 0; draw < 100; draw++) paid += winOf(outcomeOf(draw).outcome, 10_000n);
    expect(paid).toBe(965_000n); // 96.5 % return to player
    expect(paid).toBeLessThan(100n * 10_000n);
  });

  it('maps draws to outcomes at the edges', () => {
    expect(outcomeOf(0).outcome).toBe('lose');
    expect(outcomeOf(47).outcome).toBe('lose');
    expect(outcomeOf(48).outcome).toBe('half');
    expect(outcomeOf(63).outcome).toBe('win');
    expect(outcomeOf(95).outcome).toBe('jackpot');
    expect(outcomeOf(99).outcome).toBe('jackpot');
    expect(() => outcomeOf(100)).toThrow(RangeError);
  });

  it('pays in whole satang, rounding half-back down', () => {
    expect(winOf('half', 1_001n)).toBe(500n);
    expect(winOf('win', 1_000n)).toBe(2_000n);
    expect(winOf('jackpot', 100n)).toBe(500n);
    expect(winOf('lose', 5_000n)).toBe(0n);
  });

  it('shows reels that match the outcome', () => {
    for (let i = 0; i < 500; i++) {
      const { outcome, reels } = drawSpin();
      const distinct = new Set(reels).size;
      expect(reels).toHaveLength(3);
      if (outcome === 'jackpot') expect(reels).toEqual(['7', '7', '7']);
      if (outcome === 'win') expect(distinct === 1 && reels[0] !== '7').toBe(true);
      if (outcome === 'half') expect(distinct).toBe(2);
      if (outcome === 'lose') expect(distinct).toBe(3);
    }
  });
});
