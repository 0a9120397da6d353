import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLastProvider, rememberProvider } from './last-provider';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('last provider', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('reads back the provider chosen last', () => {
    expect(readLastProvider()).toBeNull();
    rememberProvider('gclub');
    rememberProvider('betflix');
    expect(readLastProvider()).toBe('betflix');
  });

  it('ignores unknown providers, written by the app or by hand', () => {
    rememberProvider('gclub_live');
    rememberProvider('casino');
    expect(readLastProvider()).toBe('gclub_live');
    localStorage.setItem('lc.lastProvider', 'casino');
    expect(readLastProvider()).toBeNull();
  });

  it('works without storage', () => {
    Reflect.deleteProperty(globalThis, 'localStorage');
    expect(() => rememberProvider('gclub')).not.toThrow();
    expect(readLastProvider()).toBeNull();
  });
});
