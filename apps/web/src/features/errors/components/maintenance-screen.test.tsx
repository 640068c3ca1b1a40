// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAINTENANCE_TITLES, MaintenanceScreen } from './maintenance-screen';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the maintenance screen', () => {
  it('shows one of the five titles, counts down, and retries by itself at zero', () => {
    const onRetry = vi.fn();
    render(<MaintenanceScreen onRetry={onRetry} seconds={3} />);
    const title = screen.getByRole('heading', { level: 1 }).textContent;
    expect(MAINTENANCE_TITLES).toContain(title);
    expect(screen.getByText('Automatically retrying in 3s')).toBeTruthy();
    expect(
      screen.getByText(
        "If this keeps happening, we're probably making things better. Check back in a few minutes.",
      ),
    ).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('Automatically retrying in 2s')).toBeTruthy();
    expect(onRetry).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('Try Again Now retries at once', () => {
    const onRetry = vi.fn();
    render(<MaintenanceScreen onRetry={onRetry} />);
    expect(screen.getByText('Automatically retrying in 30s')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again Now' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
