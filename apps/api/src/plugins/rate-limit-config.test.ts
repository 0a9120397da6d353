import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { loadRateLimits } from './rate-limit-config';

describe('RATE_LIMIT_* configuration', () => {
  it('defaults to the documented limits per address', () => {
    const lines: string[] = [];
    expect(loadRateLimits({}, lines)).toEqual({
      register: { max: 20, windowMs: 10 * 60_000 },
      usernameCheck: { max: 60, windowMs: 60_000 },
      login: { max: 30, windowMs: 60_000 },
      publicRead: { max: 300, windowMs: 60_000 },
      player: { max: 1200, windowMs: 60_000 },
    });
    expect(lines).toEqual([]);
  });

  it('reads max/window in seconds, minutes or hours', () => {
    const limits = loadRateLimits({ RATE_LIMIT_REGISTER: '5/30s', RATE_LIMIT_PLAYER: '100000/1h' }, []);
    expect(limits.register).toEqual({ max: 5, windowMs: 30_000 });
    expect(limits.player).toEqual({ max: 100_000, windowMs: 3_600_000 });
  });

  it('refuses to start on a malformed or zero limit', () => {
    expect(() => loadConfig({ RATE_LIMIT_LOGIN: '30 per minute' })).toThrow(/RATE_LIMIT_LOGIN/);
    expect(() => loadConfig({ RATE_LIMIT_LOGIN: '0/1m' })).toThrow(/RATE_LIMIT_LOGIN/);
  });
});
