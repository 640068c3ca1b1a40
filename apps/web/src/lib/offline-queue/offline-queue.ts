import { ALL_SYNCED_DISPLAY_MS, SYNC_DELAY_AFTER_RECONNECT_MS } from '@doers/contract';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { newQueueItem, type QueueItem, type QueueRequest } from './queue-item';
import type { QueueStore } from './queue-store';
import { replayQueue, type ReplayDeps } from './replay';

export type SyncPhase = 'idle' | 'syncing' | 'synced';

export interface OfflineState {
  online: boolean;
  /** The signed-in person's queued actions, oldest first. */
  items: QueueItem[];
  phase: SyncPhase;
  /** How many actions the running sync set out to send. */
  syncing: number;
}

export interface OfflineQueueOptions {
  store: QueueStore;
  replay: Omit<ReplayDeps, 'store' | 'userId'>;
  currentUserId(): string | null;
  isOnline(): boolean;
  now?: () => number;
  random: () => string;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface OfflineQueue {
  state: StoreApi<OfflineState>;
  /** Keeps the action on the device; sends it at once when the line is up. */
  enqueue(request: QueueRequest): Promise<QueueItem>;
  /** The person changed their mind: the action is forgotten, never sent. */
  discard(id: string): Promise<void>;
  /** Rereads the store (after sign-in: another person's items) and syncs when online. */
  reload(): Promise<void>;
  /** The browser's online/offline events call these; sync follows a reconnect after 1 s. */
  wentOnline(): void;
  wentOffline(): void;
  /** Resolves when the sync running now (if any) and any it asked for have finished. */
  settled(): Promise<void>;
}

/**
 * The queue's timing rules (docs/product/offline-queue.md): sync 1 s after reconnecting, at
 * startup when online, and as soon as something is queued while online; one run at a time
 * (a request during a run makes one more run after it); 'All synced!' for 3 s after a run that
 * emptied the queue.
 */
export function createOfflineQueue(options: OfflineQueueOptions): OfflineQueue {
  const {
    store,
    now = Date.now,
    setTimer = (run, ms) => setTimeout(run, ms),
    clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  } = options;
  const state = createStore<OfflineState>(() => ({
    online: options.isOnline(),
    items: [],
    phase: 'idle',
    syncing: 0,
  }));
  let running: Promise<void> | null = null;
  let again = false;
  let reconnectTimer: unknown = null;
  let syncedTimer: unknown = null;

  async function refresh(): Promise<QueueItem[]> {
    const userId = options.currentUserId();
    const items = userId ? (await store.all()).filter((item) => item.userId === userId) : [];
    state.setState({ items });
    return items;
  }

  async function run(): Promise<void> {
    const userId = options.currentUserId();
    const items = await refresh();
    if (!userId || !state.getState().online || items.length === 0) return;
    clearTimer(syncedTimer);
    state.setState({ phase: 'syncing', syncing: items.length });
    let emptied = false;
    try {
      const outcome = await replayQueue({ ...options.replay, store, userId });
      emptied = outcome.sent > 0 && (await refresh()).length === 0;
    } finally {
      state.setState({ phase: emptied ? 'synced' : 'idle', syncing: 0 });
    }
    if (emptied)
      syncedTimer = setTimer(() => state.setState({ phase: 'idle' }), ALL_SYNCED_DISPLAY_MS);
  }

  function sync(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await run().catch(() => undefined); // IndexedDB refused: the items stay for next time
      } while (again);
      running = null;
    })();
    return running;
  }

  return {
    state,
    async enqueue(request) {
      const userId = options.currentUserId();
      if (!userId) throw new Error('Sign in to save this action');
      const item = newQueueItem(request, userId, now(), options.random);
      await store.put(item);
      await refresh();
      if (state.getState().online) void sync();
      return item;
    },
    async discard(id) {
      await store.remove(id);
      await refresh();
    },
    async reload() {
      await refresh();
      if (state.getState().online) await sync();
    },
    wentOnline() {
      state.setState({ online: true });
      clearTimer(reconnectTimer);
      reconnectTimer = setTimer(() => void sync(), SYNC_DELAY_AFTER_RECONNECT_MS);
    },
    wentOffline() {
      clearTimer(reconnectTimer);
      state.setState({ online: false });
    },
    settled: async () => {
      while (running) await running;
    },
  };
}
