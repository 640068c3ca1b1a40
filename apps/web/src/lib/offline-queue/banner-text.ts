import type { OfflineState } from './offline-queue';

export type BannerTone = 'offline' | 'syncing' | 'synced';

/** What the offline/sync banner says now, or null when it is hidden (the spec's exact texts). */
export function offlineBanner(
  state: Pick<OfflineState, 'online' | 'items' | 'phase' | 'syncing'>,
): { tone: BannerTone; text: string } | null {
  if (!state.online) {
    const queued = state.items.length;
    return {
      tone: 'offline',
      text: `You're offline${queued > 0 ? ` • ${queued} action(s) queued` : ''}`,
    };
  }
  if (state.phase === 'syncing') {
    return { tone: 'syncing', text: `Syncing ${state.syncing} action(s)...` };
  }
  if (state.phase === 'synced') return { tone: 'synced', text: 'All synced!' };
  return null;
}
