import { describe, expect, it } from 'vitest';
import { decideFault, FaultInjector, FaultSpecError, parseFaults } from './faults';

describe('parseFaults', () => {
  it('reads the documented format', () => {
    expect(parseFaults('providers:error=0.2,timeout=0.1,lost=0.05;bank:error=0.1')).toEqual({
      providers: { error: 0.2, timeout: 0.1, lost: 0.05 },
      bank: { error: 0.1 },
    });
    expect(parseFaults('')).toEqual({});
    expect(parseFaults(' providers : lost = 1 ; ')).toEqual({ providers: { lost: 1 } });
  });

  it.each([
    ['providers:explode=0.1', /unknown fault/],
    ['providers:error=1.5', /from 0 to 1/],
    ['providers:error=-0.1', /from 0 to 1/],
    ['providers:error=abc', /from 0 to 1/],
    ['providers:error', /from 0 to 1/],
    ['providers:error=0.6,lost=0.6', /more than 1/],
    ['Providers:error=0.1', /bad target/],
    ['providers:error=0.1;providers:lost=0.1', /twice/],
  ])('refuses %s', (spec, message) => {
    expect(() => parseFaults(spec)).toThrow(FaultSpecError);
    expect(() => parseFaults(spec)).toThrow(message);
  });
});

describe('decideFault', () => {
  const plan = parseFaults('providers:error=0.2,timeout=0.1,lost=0.05');

  it('maps one draw onto the cumulative rates', () => {
    expect(decideFault(plan, 'providers', () => 0)).toBe('error');
    expect(decideFault(plan, 'providers', () => 0.1999)).toBe('error');
    expect(decideFault(plan, 'providers', () => 0.2)).toBe('timeout');
    expect(decideFault(plan, 'providers', () => 0.2999)).toBe('timeout');
    expect(decideFault(plan, 'providers', () => 0.3)).toBe('lost');
    expect(decideFault(plan, 'providers', () => 0.35)).toBeNull();
    expect(decideFault(plan, 'bank', () => 0)).toBeNull();
  });

  it('hits each fault about as often as configured', () => {
    const counts = { error: 0, timeout: 0, lost: 0, none: 0 };
    for (let i = 0; i < 20_000; i++) counts[decideFault(plan, 'providers') ?? 'none']++;
    expect(counts.error / 20_000).toBeCloseTo(0.2, 1);
    expect(counts.timeout / 20_000).toBeCloseTo(0.1, 1);
    expect(counts.lost / 20_000).toBeCloseTo(0.05, 1);
  });
});

describe('FaultInjector', () => {
  it('serves queued faults first, then the plan with its random source', () => {
    const injector = new FaultInjector(parseFaults('providers:error=0.5'), 100, () => 0.9);
    injector.forceNext('providers', 'lost', null, 'timeout');
    expect(injector.decide('providers')).toBe('lost');
    expect(injector.decide('providers')).toBeNull();
    expect(injector.decide('providers')).toBe('timeout');
    expect(injector.decide('providers')).toBeNull();
    injector.random = () => 0.1;
    expect(injector.decide('providers')).toBe('error');
    injector.reset();
    expect(injector.decide('providers')).toBeNull();
  });
});
