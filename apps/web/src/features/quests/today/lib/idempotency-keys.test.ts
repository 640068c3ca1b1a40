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
  it('differs per quest, day label and the server’s today', () => {
    expect(checkInScope('q1', 'today', '2026-01-05')).toBe(
      checkInScope('q1', 'today', '2026-01-05'),
    );
    expect(checkInScope('q1', 'today', '2026-01-05')).not.toBe(
      checkInScope('q1', 'today', '2026-01-06'),
    );
    expect(checkInScope('q1', 'today', '2026-01-05')).not.toBe(
      checkInScope('q1', 'yesterday', '2026-01-05'),
    );
    expect(checkInScope('q1', 'today', '2026-01-05')).not.toBe(
      checkInScope('q2', 'today', '2026-01-05'),
    );
  });
});
