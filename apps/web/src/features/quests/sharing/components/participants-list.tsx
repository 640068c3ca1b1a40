import type { QuestParticipant } from '@doers/contract';
import { Avatar } from '../../../../components/ui/avatar';
import { FounderStar } from '../../../../components/ui/founder-star';
import { IconCheck } from '../../../../components/ui/icons';
import { plural } from '../../common/lib/quest-labels';
import { StreakFlame } from '../../common/components/streak-flame';
import './participants-list.css';

interface ParticipantsListProps {
  participants: QuestParticipant[];
  /** Highlights the viewer's own row. */
  viewerId?: string | null;
}

/** Everyone on a shared quest, best streak first (docs/product/sharing.md). */
export function ParticipantsList({ participants, viewerId }: ParticipantsListProps) {
  return (
    <ol className="participants">
      {participants.map((participant, index) => {
        const { user } = participant;
        const name = user.displayName || user.username;
        const isViewer = user.id === viewerId;
        return (
          <li key={user.id} className={`participant${isViewer ? ' is-viewer' : ''}`}>
            <span className="participant__rank" aria-label={`Rank ${index + 1}`}>
              {index + 1}
            </span>
            <Avatar name={name} src={user.profilePictureUrl} size={40} />
            <div className="participant__who">
              <p className="participant__name">
                <span>{isViewer ? `${name} (you)` : name}</span>
                {user.isFounder && <FounderStar size={14} />}
              </p>
              <p className="participant__meta">
                {participant.role === 'owner' && 'Owner · '}@{user.username} · best{' '}
                {participant.longestStreak} · {plural(participant.totalCheckIns, 'check-in')}
              </p>
            </div>
            {participant.checkedInToday && (
              <span className="participant__today" title="Checked in today">
                <IconCheck size={16} />
                <span className="sr-only">Checked in today</span>
              </span>
            )}
            <StreakFlame count={participant.currentStreak} lit={participant.checkedInToday} />
          </li>
        );
      })}
    </ol>
  );
}
