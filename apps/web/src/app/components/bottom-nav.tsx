import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { IconCompass, IconHome, IconPlus, IconTarget, IconUser } from '../../components/ui/icons';
import { POST_TUTORIAL_MARKERS } from '../../features/posts';
import { PROFILE_TUTORIAL_MARKERS } from '../../features/profile';
import { isBottomNavHidden } from '../layouts/shell-rules';

const TABS: Array<{ to: string; label: string; icon: ReactNode; tutorial?: string }> = [
  { to: '/feed', label: 'Home', icon: <IconHome /> },
  { to: '/search', label: 'Explore', icon: <IconCompass /> },
  { to: '/quests', label: 'Quests', icon: <IconTarget /> },
  {
    to: '/profile',
    label: 'Profile',
    icon: <IconUser />,
    tutorial: PROFILE_TUTORIAL_MARKERS.profileTab,
  },
];

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `bottom-nav__tab${isActive ? ' is-active' : ''}`;

function Tab({ to, label, icon, tutorial }: (typeof TABS)[number]) {
  return (
    <NavLink to={to} className={tabClass} data-tutorial={tutorial}>
      {icon}
      <span className="bottom-nav__label">{label}</span>
    </NavLink>
  );
}

export function BottomNav() {
  const { pathname } = useLocation();
  if (isBottomNavHidden(pathname)) return null;

  return (
    <nav className="bottom-nav" aria-label="Main">
      <div className="bottom-nav__inner">
        {TABS.slice(0, 2).map((item) => (
          <Tab key={item.to} {...item} />
        ))}
        {/* The centre create button keeps its label for screen readers only (app-shell.md). */}
        <NavLink
          to="/post"
          className="bottom-nav__create"
          data-tutorial={POST_TUTORIAL_MARKERS.createButton}
        >
          <span className="bottom-nav__create-circle">
            <IconPlus size={28} />
          </span>
          <span className="sr-only">Post</span>
        </NavLink>
        {TABS.slice(2).map((item) => (
          <Tab key={item.to} {...item} />
        ))}
      </div>
    </nav>
  );
}
