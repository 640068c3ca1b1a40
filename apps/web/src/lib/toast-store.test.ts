import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore } from './toast-store';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    useToastStore.setState({ toasts: [] });
    vi.useRealTimers();
  });

  it('disappear after 5000 ms by default', () => {
    toast.success('Welcome back!');
    expect(useToastStore.getState().toasts).toMatchObject([
      { type: 'success', message: 'Welcome back!', duration: 5000 },
    ]);
    vi.advanceTimersByTime(4999);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('can be dismissed, and the same message is not stacked twice', () => {
    toast.error('Session expired. Please log in again.');
    toast.error('Session expired. Please log in again.');
    toast.info('Something else');
    const { toasts, dismiss } = useToastStore.getState();
    expect(toasts).toHaveLength(2);
    dismiss(toasts[0]!.id);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['Something else']);
  });
});
