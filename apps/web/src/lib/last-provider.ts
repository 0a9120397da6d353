import { isProvider, type TProvider } from '@lc/shared/providers';

// Kept per browser, like the language: the game a player deposits to and withdraws from rarely changes.
const KEY = 'lc.lastProvider';

/** The provider the player chose last on a deposit or withdrawal form, or null (none, unknown, no storage). */
export function readLastProvider(): TProvider | null {
  try {
    const value = globalThis.localStorage?.getItem(KEY) ?? null;
    return value !== null && isProvider(value) ? value : null;
  } catch {
    // Storage can be off (private mode, blocked cookies): the form simply starts empty.
    return null;
  }
}

/** Remembers `provider` for the next form; unknown values are ignored. */
export function rememberProvider(provider: string): void {
  if (!isProvider(provider)) return;
  try {
    globalThis.localStorage?.setItem(KEY, provider);
  } catch {
    // Nothing to remember into: the choice still applies to this form.
  }
}
