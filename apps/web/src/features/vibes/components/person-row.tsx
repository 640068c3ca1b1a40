import type { PersonSummary } from '@doers/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { FounderStar } from '../../../components/ui/founder-star';

export const nameOf = (user: PersonSummary) => user.displayName || `@${user.username}`;

/** One person in a /vibes list: avatar, name (a link to their profile), a mark, a line, an action. */
export function PersonRow({
  user,
  badge,
  children,
  action,
}: {
  user: PersonSummary;
  badge?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <li className="vibes-row">
      <Avatar name={nameOf(user)} src={user.profilePictureUrl} size={44} />
      <div className="vibes-row__text">
        <p className="vibes-row__name">
          <Link to={`/users/${user.id}`}>{nameOf(user)}</Link>
          {user.isFounder && <FounderStar size={14} />}
          {badge}
        </p>
        <p className="vibes-row__meta">@{user.username}</p>
        {children}
      </div>
      {action}
    </li>
  );
}

export function MutualBadge({ mutual, otherwise }: { mutual: boolean; otherwise: string }) {
  return (
    <span className={`vibes-row__badge${mutual ? ' vibes-row__badge--mutual' : ''}`}>
      {mutual ? 'Mutual' : otherwise}
    </span>
  );
}
