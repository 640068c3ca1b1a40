// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../../lib/auth/use-auth-store';
import { ticksKey, useTickedTasks } from './use-ticked-tasks';

function signInAs(userId: string) {
  useAuthStore.setState({ userId, isAuthenticated: true });
}

beforeEach(() => {
  localStorage.clear();
  signInAs('u1');
});
afterEach(() => useAuthStore.setState({ userId: null, isAuthenticated: false }));

describe('useTickedTasks', () => {
  it('keeps the ticks of the day through a reload', () => {
    const first = renderHook(() => useTickedTasks('q1', '2026-11-23'));
    act(() => first.result.current.toggle('t1'));
    act(() => first.result.current.toggle('t2'));
    act(() => first.result.current.toggle('t1'));
    first.unmount();
    const again = renderHook(() => useTickedTasks('q1', '2026-11-23'));
    expect(again.result.current.ticked).toEqual(['t2']);
  });

  it('starts a new day empty and forgets the old one', () => {
    const monday = renderHook(() => useTickedTasks('q1', '2026-11-23'));
    act(() => monday.result.current.toggle('t1'));
    const tuesday = renderHook(() => useTickedTasks('q1', '2026-11-24'));
    expect(tuesday.result.current.ticked).toEqual([]);
    act(() => tuesday.result.current.toggle('t2'));
    expect(localStorage.getItem(ticksKey('u1', 'q1', '2026-11-23'))).toBeNull();
    expect(localStorage.getItem(ticksKey('u1', 'q1', '2026-11-24'))).toBe('["t2"]');
  });

  it('never shows one person’s ticks to another on the same device', () => {
    const maya = renderHook(() => useTickedTasks('q1', '2026-11-23'));
    act(() => maya.result.current.toggle('t1'));
    maya.unmount();
    signInAs('u2');
    const leo = renderHook(() => useTickedTasks('q1', '2026-11-23'));
    expect(leo.result.current.ticked).toEqual([]);
  });
});
