import type { Conversation } from '@doers/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { FounderStar } from '../../../components/ui/founder-star';
import { IconArrowLeft } from '../../../components/ui/icons';
import { nameOf } from '../lib/dm-text';

/** Back to the list, and who the conversation is with (a link to their profile). */
export function ThreadHeader({ conversation }: { conversation: Conversation | undefined }) {
  const other = conversation?.other;
  return (
    <div className="dm-thread__header">
      <Link to="/dms" className="dm-thread__back" aria-label="Back to Messages">
        <IconArrowLeft size={22} />
      </Link>
      {other ? (
        <Link to={`/users/${other.id}`} className="dm-thread__person">
          <Avatar
            name={nameOf(other)}
            src={other.profilePictureUrl}
            size={40}
            ringColor={other.colorTheme}
            haloIntensity={other.haloIntensity}
          />
          <span className="dm-thread__names">
            <span className="dm-thread__name">
              {nameOf(other)}
              {other.isFounder && <FounderStar size={14} />}
            </span>
            <span className="dm-thread__handle">@{other.username}</span>
          </span>
        </Link>
      ) : (
        <span className="skeleton__block dm-thread__name-skeleton" aria-hidden="true" />
      )}
    </div>
  );
}
