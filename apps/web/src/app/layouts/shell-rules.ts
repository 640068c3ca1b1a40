import { HEADER_HIDE_SCROLL_PX } from '@doers/contract';

/** The header (docs/product/app-shell.md) is hidden on /onboarding*, /login and /register. */
export function isHeaderHidden(pathname: string): boolean {
  return pathname.startsWith('/onboarding') || pathname === '/login' || pathname === '/register';
}

/** On /, /feed and /explore the header slides away when scrolling down. */
export function headerHidesOnScroll(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === '/' || path === '/feed' || path === '/explore';
}

/**
 * The bar is hidden on /post and on /dms/{conversationId} paths (docs/product/app-shell.md). A
 * new-message screen (/dms/new/{userId}) is a conversation too, so it gets the same full-height
 * room.
 */
export function isBottomNavHidden(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return path === '/post' || /^\/dms\/[^/]+/.test(path);
}

/** Whether the header should now be hidden, given the last and current scroll positions. */
export function nextHeaderHidden(previousY: number, currentY: number, wasHidden: boolean): boolean {
  if (currentY <= HEADER_HIDE_SCROLL_PX) return false;
  if (currentY > previousY) return true;
  if (currentY < previousY) return false;
  return wasHidden;
}
