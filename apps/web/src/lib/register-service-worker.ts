/**
 * Wait after the load event before the worker is registered. Its install fetches and stores the whole shell
 * (about 500 KB): started at the first idle moment, it ran while the first page was still rendering in slices
 * and made those tasks longer on a busy phone (Lighthouse TBT up). A few seconds later the page has settled.
 */
const AFTER_LOAD_MS = 3000;

/**
 * Registers the Workbox service worker (apps/web/pwa.config.ts) once the first page has settled and the
 * browser is idle: its precache downloads then never compete with the start-up work. When a new version has
 * been deployed, the new worker waits and the player is offered to update (registerType 'prompt'); a
 * reload in the middle of a deposit form is the player's choice, not the app's.
 */
export function registerServiceWorker(): void {
  // The dev server has no service worker; browsers without one simply run the app online.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = async () => {
    const { registerSW } = await import('virtual:pwa-register');
    const updateServiceWorker = registerSW({
      onNeedRefresh() {
        void import('@/components/update-available').then(({ showUpdateAvailable }) =>
          showUpdateAvailable(() => updateServiceWorker(true)),
        );
      },
    });
  };
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => void start(), { timeout: 5000 })
      : void start();
  const afterLoad = () => window.setTimeout(whenIdle, AFTER_LOAD_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
