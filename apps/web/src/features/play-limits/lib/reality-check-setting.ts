/** The reality check's choices in minutes; 0 = off (the default). api.md: a setting kept in the browser. */
export const REALITY_CHECK_CHOICES = [0, 30, 60] as const;
export type TRealityCheckMinutes = (typeof REALITY_CHECK_CHOICES)[number];

const STORAGE_KEY = 'lc.realityCheck';
const CHANGED_EVENT = 'lc:reality-check-changed';

/** The stored choice; anything unknown (or storage disabled) is off. */
export function readRealityCheck(storage: Pick<Storage, 'getItem'>): TRealityCheckMinutes {
  try {
    const value = Number(storage.getItem(STORAGE_KEY));
    return REALITY_CHECK_CHOICES.find((choice) => choice === value) ?? 0;
  } catch {
    return 0;
  }
}

/** Keeps the choice and tells this tab's listeners (other tabs hear the `storage` event). */
export function writeRealityCheck(storage: Pick<Storage, 'setItem'>, minutes: TRealityCheckMinutes): void {
  try {
    storage.setItem(STORAGE_KEY, String(minutes));
  } catch {
    // storage disabled: the choice lasts until the page reloads
  }
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

/** Calls `listener` when the choice changes in this tab or another one; returns the unsubscribe. */
export function subscribeRealityCheck(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener(CHANGED_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * When the next reality check is due: the next whole multiple of `minutes` after the session signed in
 * (30, 60, 90 … minutes of play), strictly after `lastShownAt`, so a dismissed one does not come straight
 * back.
 */
export function nextRealityCheckAt(signedInAt: number, minutes: number, lastShownAt: number): number {
  const step = minutes * 60_000;
  const elapsed = Math.max(0, lastShownAt - signedInAt);
  return signedInAt + (Math.floor(elapsed / step) + 1) * step;
}
