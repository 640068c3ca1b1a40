/**
 * A Map for caches that forgets its oldest entries past `max`, one at a time (a key set again
 * counts as new). Clearing a full cache whole made every entry miss at once: at 10,000 people
 * signed in, every request read its session and verified its token again.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    this.delete(key);
    super.set(key, value);
    if (this.size > this.max) this.delete(this.keys().next().value as K);
    return this;
  }
}
