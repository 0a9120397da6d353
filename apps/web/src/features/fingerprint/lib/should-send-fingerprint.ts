/** What is kept in localStorage after a successful send: the hash and the local day it was sent. */
export type StoredFingerprint = { hash: string; date: string };

/** Local calendar day as YYYY-MM-DD. */
export function toDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** localStorage key of the stored fingerprint, one per agency (spec section 4). */
export function fingerprintStorageKey(agencyId: string): string {
  return `lc.fingerprint.${agencyId}`;
}

/** Send when nothing is stored, the stored hash differs, or it was not sent today. */
export function shouldSendFingerprint(stored: StoredFingerprint | null, hash: string, now: Date): boolean {
  if (!stored) return true;
  return stored.hash !== hash || stored.date !== toDay(now);
}

export function readStoredFingerprint(storage: Storage, agencyId: string): StoredFingerprint | null {
  try {
    const raw = storage.getItem(fingerprintStorageKey(agencyId));
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      'hash' in value &&
      'date' in value &&
      typeof value.hash === 'string' &&
      typeof value.date === 'string'
    ) {
      return { hash: value.hash, date: value.date };
    }
    return null;
  } catch {
    return null;
  }
}

export function writeStoredFingerprint(storage: Storage, agencyId: string, hash: string, now: Date) {
  const value: StoredFingerprint = { hash, date: toDay(now) };
  storage.setItem(fingerprintStorageKey(agencyId), JSON.stringify(value));
}
