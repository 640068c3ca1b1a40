import type { QueueItem } from './queue-item';

/** Where queued items live: IndexedDB in the app, the same code over fake-indexeddb in tests. */
export interface QueueStore {
  /** Oldest first. */
  all(): Promise<QueueItem[]>;
  put(item: QueueItem): Promise<void>;
  remove(id: string): Promise<void>;
}

export const QUEUE_DB = 'doers-offline';
const STORE = 'queue';

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
  });
}

/** One store keyed by id, with the two indexes the spec names: timestamp and type. */
function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(QUEUE_DB, 1);
  request.onupgradeneeded = () => {
    const store = request.result.createObjectStore(STORE, { keyPath: 'id' });
    store.createIndex('timestamp', 'timestamp');
    store.createIndex('type', 'type');
  };
  return done(request);
}

/** `factory` is read on first use: a module importing this must load where IndexedDB is absent. */
export function indexedDbQueueStore(factory: () => IDBFactory = () => indexedDB): QueueStore {
  let db: Promise<IDBDatabase> | null = null;
  // Opened on first use, and again if opening failed (a private window that refused once).
  const database = () => {
    db ??= open(factory()).catch((error: unknown) => {
      db = null;
      throw error;
    });
    return db;
  };
  const write = async (change: (store: IDBObjectStore) => void) => {
    const transaction = (await database()).transaction(STORE, 'readwrite');
    change(transaction.objectStore(STORE));
    await committed(transaction);
  };
  return {
    async all() {
      const store = (await database()).transaction(STORE).objectStore(STORE);
      return done(store.index('timestamp').getAll() as IDBRequest<QueueItem[]>);
    },
    put: (item) => write((store) => store.put(item)),
    remove: (id) => write((store) => store.delete(id)),
  };
}
