import { describe, expect, it } from 'vitest';
import { validatePageSearch } from './page-search';

describe('validatePageSearch', () => {
  it('keeps a page above 1', () => {
    expect(validatePageSearch({ page: 3 })).toEqual({ page: 3 });
    expect(validatePageSearch({ page: '12' })).toEqual({ page: 12 });
  });

  it('drops page 1 and anything malformed', () => {
    for (const page of [1, 0, -2, 1.5, 'abc', '', null, undefined, 1e9, { a: 1 }]) {
      expect(validatePageSearch({ page })).toEqual({});
    }
  });
});
