import type { DmMessage } from '@doers/contract';
import { IconFlag, IconMic, IconTrash } from '../../../components/ui/icons';
import { VoicePlayer } from '../../../components/voice/voice-player';
import { timeAgo } from '../../posts';

/**
 * One voice message: mine on the right with whether the other person has listened to it, theirs
 * on the left with a flag to report it. Playing theirs through marks it listened for them (once).
 */
export function MessageBubble({
  message,
  otherName,
  now,
  onListened,
  onDelete,
  onReport,
}: {
  message: DmMessage;
  otherName: string;
  now: Date;
  onListened: (message: DmMessage) => void;
  onDelete: (message: DmMessage) => void;
  onReport: (message: DmMessage) => void;
}) {
  const { mine } = message;
  const label = mine ? 'your voice message' : `voice message from ${otherName}`;
  return (
    <li className={`dm-bubble${mine ? ' dm-bubble--mine' : ''}`}>
      <VoicePlayer
        src={message.voice.url}
        label={label}
        peaks={message.voice.waveform}
        durationMs={message.voice.durationMs}
        // The player's own mark is mine to see on their messages; on mine the mark below says
        // whether they listened.
        {...(mine
          ? {}
          : { listened: message.listenedAt !== null, onListened: () => onListened(message) })}
        className="dm-bubble__player"
        transcript={message.voice.transcript}
      />
      <p className="dm-bubble__meta">
        <time dateTime={message.createdAt}>{timeAgo(message.createdAt, now)}</time>
        {mine && (
          <span className={`dm-bubble__status${message.listenedAt ? ' is-listened' : ''}`}>
            <IconMic size={14} /> {message.listenedAt ? 'Listened' : 'Sent'}
          </span>
        )}
        {mine && (
          <button
            type="button"
            className="dm-bubble__delete"
            aria-label="Delete your voice message"
            onClick={() => onDelete(message)}
          >
            <IconTrash size={16} />
          </button>
        )}
        {!mine && (
          <button
            type="button"
            className="dm-bubble__delete dm-bubble__report"
            aria-label={`Report ${label}`}
            onClick={() => onReport(message)}
          >
            <IconFlag size={16} />
          </button>
        )}
      </p>
    </li>
  );
}
