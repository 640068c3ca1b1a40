/**
 * Every signed-in route (docs/product/app-shell.md) that a later issue builds. Each one is
 * registered now, so links, the shell and the 404 behave as in the finished app. The router needs
 * only the paths up front: what each screen says (upcoming-screens.tsx) loads with the screen.
 */
export const UPCOMING_PATHS = ['/settings/terms', '/settings/privacy-policy'] as const;

export type UpcomingPath = (typeof UPCOMING_PATHS)[number];
