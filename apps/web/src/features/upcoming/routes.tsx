import type { RouteObject } from 'react-router';
import { UPCOMING_PATHS } from './upcoming-paths';

const screens = () => import('./lazy');

/** Every screen still to be built, composed by app/router.tsx into the shell. */
export const upcomingRoutes: RouteObject[] = UPCOMING_PATHS.map((path) => ({
  path: path.slice(1),
  lazy: async () => {
    const { UpcomingPage, upcomingScreen } = await screens();
    return { element: <UpcomingPage key={path} screen={upcomingScreen(path)} /> };
  },
}));
