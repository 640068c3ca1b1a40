/**
 * A value made on first use: the web build wraps each schema the contract declares in one
 * (build/lazy-contract-plugin.ts). Building every zod schema of the contract while the modules
 * evaluate is most of a phone's first long task; most of them are not needed for a while, some
 * never on this visit. The stand-in forwards every operation to the value, made the first time
 * anything is asked of it, so code that holds it (another schema, an endpoint declaration) does
 * not notice; holding it asks nothing.
 */
export function lazySchema<T extends object>(make: () => T): T {
  let made: T | undefined;
  const value = (): T => (made ??= make());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(value(), key, value()),
    has: (_, key) => Reflect.has(value(), key),
    set: (_, key, to) => Reflect.set(value(), key, to),
    deleteProperty: (_, key) => Reflect.deleteProperty(value(), key),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(value(), key, descriptor),
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      // A proxy may not call a property its own target lacks fixed: the target is a blank.
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
