import { describe, expect, it } from 'vitest';
import { gameListStaleTime } from './game-list-stale-time';

describe('gameListStaleTime', () => {
  it('never treats askmebet and alphabet lists as stale', () => {
    expect(gameListStaleTime('askmebet')).toBe(Number.POSITIVE_INFINITY);
    expect(gameListStaleTime('alphabet')).toBe(Number.POSITIVE_INFINITY);
  });

  it('leaves the other providers on the app default', () => {
    for (const provider of ['betflix', 'gclub', 'gclub_live'] as const) {
      expect(gameListStaleTime(provider)).toBeUndefined();
    }
  });
});
