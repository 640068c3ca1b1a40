import { describe, expect, it } from 'vitest';
import { TestClock } from './clock.js';

describe('TestClock', () => {
  it('stands still until set or advanced', () => {
    const clock = new TestClock('2026-03-10T09:00:00Z');
    expect(clock.now().toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-03-10T09:00:00.000Z');
    clock.advance({ days: 1, hours: 2, minutes: 3, seconds: 4 });
    expect(clock.now().toISOString()).toBe('2026-03-11T11:03:04.000Z');
    clock.set('2026-11-23T07:00:00Z');
    expect(clock.now().toISOString()).toBe('2026-11-23T07:00:00.000Z');
  });

  it('hands out copies: changing a returned Date moves nothing', () => {
    const clock = new TestClock('2026-03-10T09:00:00Z');
    clock.now().setUTCFullYear(1999);
    expect(clock.now().getUTCFullYear()).toBe(2026);
  });

  it('refuses what is not an instant', () => {
    expect(() => new TestClock().set('tomorrow')).toThrow(/not an instant/);
  });
});
