import { describe, expect, it } from 'vitest';
import {
  fingerprintStorageKey,
  readStoredFingerprint,
  shouldSendFingerprint,
  toDay,
  writeStoredFingerprint,
} from './should-send-fingerprint';

const now = new Date(2026, 10, 21, 9, 30);

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe('shouldSendFingerprint', () => {
  it('sends when nothing is stored', () => {
    expect(shouldSendFingerprint(null, 'abc', now)).toBe(true);
  });

  it('sends when the stored hash differs', () => {
    expect(shouldSendFingerprint({ hash: 'old', date: toDay(now) }, 'abc', now)).toBe(true);
  });

  it('sends when the stored date is not today', () => {
    expect(shouldSendFingerprint({ hash: 'abc', date: '2026-11-20' }, 'abc', now)).toBe(true);
  });

  it('skips when the same hash was sent today', () => {
    expect(shouldSendFingerprint({ hash: 'abc', date: '2026-11-21' }, 'abc', now)).toBe(false);
  });
});

describe('stored fingerprint', () => {
  it('is kept per agency id and read back', () => {
    const storage = new MemoryStorage();
    writeStoredFingerprint(storage, 'agency-1', 'abc', now);
    expect(readStoredFingerprint(storage, 'agency-1')).toEqual({ hash: 'abc', date: '2026-11-21' });
    expect(readStoredFingerprint(storage, 'agency-2')).toBeNull();
    expect(fingerprintStorageKey('agency-1')).not.toBe(fingerprintStorageKey('agency-2'));
  });

  it('ignores corrupt values', () => {
    const storage = new MemoryStorage();
    storage.setItem(fingerprintStorageKey('a'), '{not json');
    expect(readStoredFingerprint(storage, 'a')).toBeNull();
    storage.setItem(fingerprintStorageKey('a'), JSON.stringify({ hash: 1 }));
    expect(readStoredFingerprint(storage, 'a')).toBeNull();
  });
});
