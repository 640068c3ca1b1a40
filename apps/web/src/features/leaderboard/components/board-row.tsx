import type { LeaderboardBoard, LeaderboardEntry } from '@doers/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { FounderStar } from '../../../components/ui/founder-star';
import { scoreText } from '../board-labels';

const nameOf = (user: LeaderboardEntry['user']) => user.displayName || `@${user.username}`;

/** One place on a board: rank, person, GOAT mark, score; my own row stands out. */
export function BoardRow({
  entry,
  board,
  isMe,
}: {
  entry: LeaderboardEntry;
  board: LeaderboardBoard;
  isMe: boolean;
}) {
  const podium = entry.rank <= 3 ? ` board-row--top${entry.rank}` : '';
  return (
    <li className={`board-row${podium}${isMe ? ' board-row--me' : ''}`}>
      <span className="board-row__rank" aria-label={`Rank ${entry.rank}`}>
        {entry.rank}
      </span>
      <Avatar name={nameOf(entry.user)} src={entry.user.profilePictureUrl} size={40} />
      <div className="board-row__who">
        <p className="board-row__name">
          <Link to={`/users/${entry.user.id}`}>{nameOf(entry.user)}</Link>
          {entry.user.isFounder && <FounderStar size={14} />}
          {entry.isGOAT && (
            <span className="board-row__goat" title="Longest streak on Doers">
              GOAT
            </span>
          )}
          {isMe && <span className="board-row__you">You</span>}
        </p>
        <p className="board-row__meta">@{entry.user.username}</p>
      </div>
      <span className="board-row__score">{scoreText(board, entry.score)}</span>
    </li>
  );
}
