import { TIER_LIMITS } from '@doers/contract';
import { Link, useLocation } from 'react-router';
import { CountBadge, formatBadgeCount } from '../../components/ui/count-badge';
import { IconBell, IconMessage } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { ThemeToggle } from '../../components/ui/theme-toggle';
import { useUnreadCounts } from '../../features/notifications';
import { useAccount } from '../../lib/auth/use-account';
import { useAuthStore } from '../../lib/auth/use-auth-store';
import { useHideOnScroll } from '../hooks/use-hide-on-scroll';
import { headerHidesOnScroll, isHeaderHidden } from '../layouts/shell-rules';
import '../../components/ui/icon-button.css';

function labelWithCount(label: string, count: number): string {
  const text = formatBadgeCount(count);
  return text ? `${label}, ${text} unread` : label;
}

export function AppHeader() {
  const { pathname } = useLocation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  // Until the account arrives, the free tier's limit decides (messaging is on for every tier).
  const dmDuration = useAccount().data?.limits.dmDuration ?? TIER_LIMITS.free.dmDuration;
  const counts = useUnreadCounts(isAuthenticated);
  const slidAway = useHideOnScroll(headerHidesOnScroll(pathname), pathname);

  if (isHeaderHidden(pathname)) return null;

  return (
    <header className={`app-header${slidAway ? ' is-slid-away' : ''}`}>
      <div className="app-header__inner">
        <Link to="/feed" className="app-header__logo" aria-label="Doers, go to your feed">
          <Logo size={30} />
        </Link>
        <div className="app-header__actions">
          <ThemeToggle className="desktop-only" />
          {dmDuration > 0 && (
            <Link
              to="/dms"
              className="icon-btn"
              aria-label={labelWithCount('Messages', counts.unreadDMs)}
            >
              <IconMessage />
              <CountBadge count={counts.unreadDMs} />
            </Link>
          )}
          <Link
            to="/notifications"
            className="icon-btn"
            aria-label={labelWithCount('Notifications', counts.unreadNotifications)}
          >
            <IconBell />
            <CountBadge count={counts.unreadNotifications} />
          </Link>
        </div>
      </div>
    </header>
  );
}
