import { describe, expect, it } from 'vitest';
import { amountProblem } from './money-range';

const lak = { min: '20000', max: '20000000' };
const thb = { min: '50.00', max: '100000.00' };

describe('amountProblem', () => {
  it('accepts the bounds themselves', () => {
    expect(amountProblem('20000', 'LAK', lak)).toBeNull();
    expect(amountProblem('20000000', 'LAK', lak)).toBeNull();
    expect(amountProblem('50', 'THB', thb)).toBeNull();
    expect(amountProblem('100000.00', 'THB', thb)).toBeNull();
  });

  it('names the problem', () => {
    expect(amountProblem('', 'LAK', lak)).toBe('REQUIRED');
    expect(amountProblem('0', 'LAK', lak)).toBe('INVALID');
    expect(amountProblem('12.5', 'LAK', lak)).toBe('INVALID');
    expect(amountProblem('50.001', 'THB', thb)).toBe('INVALID');
    expect(amountProblem('19999', 'LAK', lak)).toBe('TOO_SMALL');
    expect(amountProblem('49.99', 'THB', thb)).toBe('TOO_SMALL');
    expect(amountProblem('20000001', 'LAK', lak)).toBe('TOO_LARGE');
    expect(amountProblem('100000.01', 'THB', thb)).toBe('TOO_LARGE');
  });
});
