import { describe, expect, it } from 'vitest';
import { textParam } from './search-params';

describe('textParam', () => {
  it('keeps short text and numbers as text', () => {
    expect(textParam('Slot')).toBe('Slot');
    expect(textParam('pp.txt')).toBe('pp.txt');
    expect(textParam(12)).toBe('12');
  });

  it('drops missing, empty, oversized and non-text values', () => {
    expect(textParam(undefined)).toBeUndefined();
    expect(textParam('  ')).toBeUndefined();
    expect(textParam('x'.repeat(65))).toBeUndefined();
    expect(textParam({ a: 1 })).toBeUndefined();
  });
});
