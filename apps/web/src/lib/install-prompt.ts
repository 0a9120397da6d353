/** What Chromium hands over in `beforeinstallprompt` (not in TypeScript's DOM types). */
type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * Keeps the browser's install offer for the drawer's "Install app" entry. Called at start-up: the event fires
 * once, early, long before a player opens the (lazily loaded) drawer. Browsers without the event (Safari,
 * Firefox) never show the entry.
 */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Without this Chromium shows its own mini-infobar; the drawer's entry is the one way in.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

/** For useSyncExternalStore: whether the browser offers to install the app now. */
export const installPromptStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  canInstall: () => deferred !== null,
};

/** Shows the browser's install dialog; an offer can be used once, so it is dropped whatever the answer. */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = null;
  notify();
  await event.prompt();
}
