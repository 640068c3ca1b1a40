import { capped, UPDATE_FORCED_RELOAD_MS, UPDATE_STEP_CAP_MS, VERSION_KEYS } from './version-check';

/**
 * Moves this page onto the new build (docs/product/app-shell.md#updates): the service workers
 * go (the new one installs on the next load), every cache is emptied, the stored version keys
 * are cleared, and the page reloads from the server. Each step waits at most 2 s; after 3 s the
 * page reloads whatever is still pending.
 */
export async function applyUpdate(storage: Storage, reload = () => window.location.reload()) {
  const forced = setTimeout(reload, UPDATE_FORCED_RELOAD_MS);
  if ('serviceWorker' in navigator) {
    await capped(
      navigator.serviceWorker
        .getRegistrations()
        .then((all) => Promise.all(all.map((registration) => registration.unregister()))),
      UPDATE_STEP_CAP_MS,
    );
  }
  if (typeof caches !== 'undefined') {
    await capped(
      caches.keys().then((names) => Promise.all(names.map((name) => caches.delete(name)))),
      UPDATE_STEP_CAP_MS,
    );
  }
  for (const key of VERSION_KEYS) storage.removeItem(key);
  clearTimeout(forced);
  reload();
}
