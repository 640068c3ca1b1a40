import { describe, expect, it } from 'vitest';
import { checkInScope, createKeyRing } from './idempotency-keys';

describe('createKeyRing', () => {
  it('reuses a scope’s key until it is released', () => {
    let next = 0;
    const ring = createKeyRing(() => `key-${++next}`);
    expect(ring.get('q1:today')).toBe('key-1');
    expect(ring.get('q1:today')).toBe('key-1');
    expect(ring.get('q2:today')).toBe('key-2');
    ring.release('q1:today');
    expect(ring.get('q1:today')).toBe('key-3');
  });
});

describe('checkInScope', () => {
  it('differs per quest, day label and calendar date', () => {
    const monday = new Date(2026, 0, 5, 9);
    const tuesday = new Date(2026, 0, 6, 9);
    expect(checkInScope('q1', 'today', monday)).toBe(
      checkInScope('q1', 'today', new Date(2026, 0, 5, 23)),
    );
    expect(checkInScope('q1', 'today', monday)).not.toBe(checkInScope('q1', 'today', tuesday));
    expect(checkInScope('q1', 'today', monday)).not.toBe(checkInScope('q1', 'yesterday', monday));
    expect(checkInScope('q1', 'today', monday)).not.toBe(checkInScope('q2', 'today', monday));
  });
});
