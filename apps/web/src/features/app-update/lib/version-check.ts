/**
 * The update rules of docs/product/app-shell.md#updates: when to ask the server which build it
 * serves, and what its answer means. Pure, so each rule is a table case (version-check.test.ts).
 */

/** Checks at most this often: at start and whenever the page becomes visible again. */
export const VERSION_CHECK_COOLDOWN_MS = 60_000;
/** Each step of the update's cleanup waits at most this long... */
export const UPDATE_STEP_CAP_MS = 2_000;
/** ...and the page reloads after this long whatever the cleanup is still doing. */
export const UPDATE_FORCED_RELOAD_MS = 3_000;
/** The build id first seen here, as the spec's version file names it. */
export const BUILD_ID_KEY = 'doers-build-id';
/** Keys of the version check that an update clears (they are re-learnt after the reload). */
export const VERSION_KEYS = [BUILD_ID_KEY, 'doers-update-dismissed'] as const;

export type VersionFile = { buildId: string; version: string };

export function isVersionFile(value: unknown): value is VersionFile {
  if (typeof value !== 'object' || value === null) return false;
  const { buildId, version } = value as { buildId?: unknown; version?: unknown };
  return typeof buildId === 'string' && buildId.length > 0 && typeof version === 'string';
}

/** Whether a check may run now, given when the last one started (null: never). */
export function mayCheck(lastCheckAt: number | null, now: number): boolean {
  return lastCheckAt === null || now - lastCheckAt >= VERSION_CHECK_COOLDOWN_MS;
}

/**
 * What the server's answer means: the first visit stores its build id; the same id is nothing
 * new; another one is an update.
 */
export function verdict(
  storedBuildId: string | null,
  served: VersionFile,
): 'store' | 'same' | 'update' {
  if (storedBuildId === null) return 'store';
  return storedBuildId === served.buildId ? 'same' : 'update';
}

/** Resolves when `work` does or after `ms`, whichever is first; never rejects. */
export function capped(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    work.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}
