import { useEffect, useState } from 'react';
import { useFirstScreenPainted } from '../../../lib/first-screen';
import { getLocalStorage, getSessionStorage } from '../../../lib/storage';
import { BUILD_ID_KEY, isVersionFile, mayCheck, verdict, type VersionFile } from './version-check';

/** When the last check started: one per page, whatever mounts the hook (StrictMode: twice). */
let lastCheckAt: number | null = null;
const DISMISSED_KEY = 'doers-update-dismissed';

type State = { checking: boolean; update: VersionFile | null };

/**
 * Asks the server which build it serves (`GET /version.json?t=…`, never from a cache) at start
 * (once the first screen has painted) and whenever the page becomes visible, at most once a
 * minute. A failure is only logged.
 */
export function useVersionCheck(): State & { later(): void } {
  const [state, setState] = useState<State>({ checking: false, update: null });
  const painted = useFirstScreenPainted();

  useEffect(() => {
    if (!painted) return;
    let live = true;
    const check = async () => {
      const now = Date.now();
      if (!mayCheck(lastCheckAt, now)) return;
      lastCheckAt = now;
      setState((s) => ({ ...s, checking: true }));
      try {
        const res = await fetch(`/version.json?t=${now}`, { cache: 'no-store' });
        if (!res.ok) throw new Error(`version.json answered ${res.status}`);
        const served: unknown = await res.json();
        if (!isVersionFile(served)) throw new Error('version.json is not a version file');
        const storage = getLocalStorage();
        const seen = verdict(storage.getItem(BUILD_ID_KEY), served);
        if (seen === 'store') storage.setItem(BUILD_ID_KEY, served.buildId);
        const dismissed = getSessionStorage().getItem(DISMISSED_KEY) === served.buildId;
        if (live && seen === 'update' && !dismissed) setState((s) => ({ ...s, update: served }));
      } catch (error) {
        console.warn('Version check failed', error);
      } finally {
        if (live) setState((s) => ({ ...s, checking: false }));
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    void check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [painted]);

  return {
    ...state,
    // Not again in this tab for this build; a newer build asks again.
    later: () => {
      if (state.update) getSessionStorage().setItem(DISMISSED_KEY, state.update.buildId);
      setState((s) => ({ ...s, update: null }));
    },
  };
}
