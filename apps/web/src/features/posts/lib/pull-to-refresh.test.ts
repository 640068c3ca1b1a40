import { describe, expect, it } from 'vitest';
import {
  PULL_MAX_PX,
  PULL_THRESHOLD_PX,
  canStartPull,
  pullDistance,
  shouldRefresh,
} from './pull-to-refresh';

describe('pull to refresh', () => {
  it('starts only at the top of the page', () => {
    expect(canStartPull(0)).toBe(true);
    expect(canStartPull(-4)).toBe(true); // iOS rubber band
    expect(canStartPull(1)).toBe(false);
  });

  it('follows the finger at half speed, never up, never past the limit', () => {
    expect(pullDistance(-40)).toBe(0);
    expect(pullDistance(0)).toBe(0);
    expect(pullDistance(100)).toBe(50);
    expect(pullDistance(10_000)).toBe(PULL_MAX_PX);
    expect(pullDistance(Number.NaN)).toBe(0);
  });

  it('refreshes when released at the threshold (about 70 px), not before', () => {
    expect(PULL_THRESHOLD_PX).toBe(70);
    expect(shouldRefresh(pullDistance(136))).toBe(false); // a 136 px pull moves it 68 px
    expect(shouldRefresh(69)).toBe(false);
    expect(shouldRefresh(70)).toBe(true);
    expect(shouldRefresh(pullDistance(200))).toBe(true);
  });
});
