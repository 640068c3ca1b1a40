import { UNREAD_BADGE_CAP } from '@doers/contract';
import './count-badge.css';

/** Badges show '99+' above 99; nothing at all for zero (docs/product/app-shell.md). */
export function formatBadgeCount(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(Math.floor(count));
}

export function CountBadge({ count }: { count: number }) {
  const text = formatBadgeCount(count);
  // The owning button's label already states the count for screen readers.
  return text ? (
    <span className="count-badge" aria-hidden="true">
      {text}
    </span>
  ) : null;
}
