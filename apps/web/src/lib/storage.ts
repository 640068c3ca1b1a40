/**
 * Browser storage that never throws. Safari in private mode, blocked cookies or a sandboxed
 * iframe make `localStorage` throw on access; the app then keeps working for the session with
 * an in-memory store instead of crashing at startup.
 */
export function createMemoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

function probe(get: () => Storage): Storage {
  try {
    const storage = get();
    const key = '__doers_probe__';
    storage.setItem(key, key);
    storage.removeItem(key);
    return storage;
  } catch {
    return createMemoryStorage();
  }
}

let local: Storage | undefined;
let session: Storage | undefined;

export function getLocalStorage(): Storage {
  local ??= probe(() => window.localStorage);
  return local;
}

export function getSessionStorage(): Storage {
  session ??= probe(() => window.sessionStorage);
  return session;
}
