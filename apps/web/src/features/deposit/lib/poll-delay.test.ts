import { describe, expect, it } from 'vitest';
import { nextPollDelay } from './poll-delay';

describe('nextPollDelay', () => {
  it('re-checks every 2 s for about a minute, then every 10 s', () => {
    expect(nextPollDelay(0)).toBe(2000);
    expect(nextPollDelay(29)).toBe(2000);
    expect(nextPollDelay(30)).toBe(10_000);
  });
});
