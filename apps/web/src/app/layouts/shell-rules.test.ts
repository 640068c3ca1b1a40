import { describe, expect, it } from 'vitest';
import { formatBadgeCount } from '../../components/ui/count-badge';
import {
  headerHidesOnScroll,
  isBottomNavHidden,
  isHeaderHidden,
  nextHeaderHidden,
} from './shell-rules';

describe('shell rules', () => {
  it('hides the header on onboarding, login and register', () => {
    expect(isHeaderHidden('/onboarding')).toBe(true);
    expect(isHeaderHidden('/onboarding/welcome')).toBe(true);
    expect(isHeaderHidden('/login')).toBe(true);
    expect(isHeaderHidden('/register')).toBe(true);
    expect(isHeaderHidden('/feed')).toBe(false);
  });

  it('slides the header away only on /, /feed and /explore', () => {
    expect(['/', '/feed', '/feed/', '/explore'].map(headerHidesOnScroll)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(headerHidesOnScroll('/quests')).toBe(false);
    expect(headerHidesOnScroll('/explore/feed/1')).toBe(false);
  });

  it('hides after scrolling down past 80 px and shows again on scrolling up', () => {
    expect(nextHeaderHidden(0, 60, false)).toBe(false);
    expect(nextHeaderHidden(60, 81, false)).toBe(true);
    expect(nextHeaderHidden(300, 250, true)).toBe(false);
    expect(nextHeaderHidden(300, 300, true)).toBe(true);
    expect(nextHeaderHidden(300, 40, true)).toBe(false);
  });

  it('hides the bottom bar on /post and conversations', () => {
    expect(isBottomNavHidden('/post')).toBe(true);
    expect(isBottomNavHidden('/dms/abc')).toBe(true);
    expect(isBottomNavHidden('/dms')).toBe(false);
    expect(isBottomNavHidden('/posts/1')).toBe(false);
    expect(isBottomNavHidden('/feed')).toBe(false);
  });

  it('caps badges at 99+', () => {
    expect(formatBadgeCount(0)).toBeNull();
    expect(formatBadgeCount(7)).toBe('7');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
  });
});
