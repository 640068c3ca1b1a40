import type { ReactNode } from 'react';
import { IconSettings } from '../../components/ui/icons';
import type { UpcomingPath } from './upcoming-paths';

export interface UpcomingScreen {
  path: UpcomingPath;
  title: string;
  icon: ReactNode;
  /** What the finished screen will show, stated plainly. */
  description: string;
}

const icon = (Icon: (p: { size?: number }) => ReactNode) => <Icon size={32} />;

/** What each screen of UPCOMING_PATHS says; it loads with the screen, not with the app. */
const SCREENS: Record<UpcomingPath, Omit<UpcomingScreen, 'path'>> = {
  '/settings/terms': {
    title: 'Terms of Service',
    icon: icon(IconSettings),
    description: 'The terms for using Doers will be published here.',
  },
  '/settings/privacy-policy': {
    title: 'Privacy Policy',
    icon: icon(IconSettings),
    description: 'How Doers handles your data will be explained here.',
  },
};

export function upcomingScreen(path: UpcomingPath): UpcomingScreen {
  return { path, ...SCREENS[path] };
}
