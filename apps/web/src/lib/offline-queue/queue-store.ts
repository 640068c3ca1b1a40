import type { DBSchema, IDBPDatabase } from 'idb';
import type { QueueItem } from './queue-item';

/** Where queued items live: IndexedDB in the app, the same code over fake-indexeddb in tests. */
export interface QueueStore {
  /** Oldest first. */
  all(): Promise<QueueItem[]>;
  put(item: QueueItem): Promise<void>;
  remove(id: string): Promise<void>;
}

export const QUEUE_DB = 'doers-offline';
/** Raising it runs `upgrade` again over people's queued actions: migrate them, never drop them. */
const QUEUE_DB_VERSION = 1;
const STORE = 'queue';

/** One store keyed by id, with the two indexes the spec names: timestamp and type. */
interface QueueSchema extends DBSchema {
  [STORE]: { key: string; value: QueueItem; indexes: { timestamp: number; type: string } };
}

async function open(): Promise<IDBPDatabase<QueueSchema>> {
  // Loaded on first use: the sign-in page never touches the queue, so idb stays out of its load.
  const { openDB } = await import('idb');
  return openDB<QueueSchema>(QUEUE_DB, QUEUE_DB_VERSION, {
    upgrade(db) {
      const store = db.createObjectStore(STORE, { keyPath: 'id' });
      store.createIndex('timestamp', 'timestamp');
      store.createIndex('type', 'type');
    },
  });
}

/** IndexedDB is looked up on first use: a module importing this must load where it is absent. */
export function indexedDbQueueStore(): QueueStore {
  let db: Promise<IDBPDatabase<QueueSchema>> | null = null;
  // Opened on first use, and again if opening failed (a private window that refused once).
  const database = () => {
    db ??= open().catch((error: unknown) => {
      db = null;
      throw error;
    });
    return db;
  };
  return {
    all: async () => (await database()).getAllFromIndex(STORE, 'timestamp'),
    // idb resolves a write once its transaction has committed, not when the request succeeds.
    async put(item) {
      await (await database()).put(STORE, item);
    },
    remove: async (id) => (await database()).delete(STORE, id),
  };
}
