import type { Conversation } from '@doers/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { formatBadgeCount } from '../../../components/ui/count-badge';
import { FounderStar } from '../../../components/ui/founder-star';
import { timeAgo } from '../../posts';
import { conversationLabel, nameOf, previewText } from '../lib/dm-text';

/** One conversation on /dms: the other person in their halo, the last message, unread. */
export function ConversationRow({ conversation, now }: { conversation: Conversation; now: Date }) {
  const { other, unread, lastMessage } = conversation;
  const badge = formatBadgeCount(unread);
  return (
    <li>
      <Link
        to={`/dms/${conversation.id}`}
        className={`dm-row${unread > 0 ? ' is-unread' : ''}`}
        aria-label={conversationLabel(conversation)}
      >
        <Avatar
          name={nameOf(other)}
          src={other.profilePictureUrl}
          size={48}
          ringColor={other.colorTheme}
          haloIntensity={other.haloIntensity}
        />
        <span className="dm-row__text" aria-hidden="true">
          <span className="dm-row__top">
            <span className="dm-row__name">{nameOf(other)}</span>
            {other.isFounder && <FounderStar size={14} />}
            {lastMessage && (
              <time className="dm-row__time" dateTime={lastMessage.createdAt}>
                {timeAgo(lastMessage.createdAt, now)}
              </time>
            )}
          </span>
          <span className="dm-row__bottom">
            <span className="dm-row__preview">{previewText(conversation)}</span>
            {badge && <span className="dm-row__badge">{badge}</span>}
          </span>
        </span>
      </Link>
    </li>
  );
}
