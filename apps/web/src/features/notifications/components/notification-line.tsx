import { notificationText, type NotificationView } from '@doers/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { IconBell, IconFlame } from '../../../components/ui/icons';
import { timeAgo } from '../../posts';

/**
 * One folded line: the newest people's faces (or the app's own mark), the sentence the contract
 * words for every type, when, and whether it is new. The whole line is a link to what it is
 * about (docs/product/notifications.md#kinds). A line about a voice note with a transcript
 * quotes its first line.
 */
export function NotificationLine({
  view,
  unread,
  now,
}: {
  view: NotificationView;
  /** Shown as new (the list keeps the mark for the whole visit; see notifications-page). */
  unread: boolean;
  now: Date;
}) {
  const text = notificationText(view);
  const when = timeAgo(view.createdAt, now);
  return (
    <li className={`notification${unread ? ' is-unread' : ''}`}>
      <Link to={text.url} className="notification__link">
        <span className="notification__faces" aria-hidden="true">
          {view.actors.length > 0 ? (
            view.actors.map((actor) => (
              <Avatar
                key={actor.id}
                name={actor.displayName || actor.username}
                src={actor.profilePictureUrl}
                size={view.actors.length > 1 ? 32 : 44}
              />
            ))
          ) : (
            <span className="notification__app-mark">
              {view.type === 'streak_reminder' || view.type === 'streak_milestone' ? (
                <IconFlame />
              ) : (
                <IconBell />
              )}
            </span>
          )}
        </span>
        <span className="notification__text">
          <span className="notification__body">{text.body}</span>
          {view.excerpt && <q className="notification__excerpt">{view.excerpt}</q>}
          <time className="notification__time" dateTime={view.createdAt}>
            {when}
          </time>
        </span>
        {unread && (
          <span className="notification__dot">
            <span className="sr-only">, new</span>
          </span>
        )}
      </Link>
    </li>
  );
}
