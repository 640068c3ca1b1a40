import type { VibeEntry } from '@doers/contract';
import { Link } from 'react-router';
import { IconFlame } from '../../../components/ui/icons';
import { timeAgo } from '../../posts';
import { useReceivedVibes, useSentVibes } from '../api/vibes-api';
import { PagedList } from './paged-list';
import { PersonRow } from './person-row';
import { formatDate } from '../../../lib/dates';

/** The reason and when, and the post it was sent from. */
function VibeLine({ entry, now }: { entry: VibeEntry; now: Date }) {
  return (
    <p className="vibes-row__vibe">
      <span className="vibes-row__reason">{entry.vibeReason}</span>
      {' · '}
      <time dateTime={entry.createdAt} title={formatDate(entry.createdAt, 'dateTime')}>
        <span aria-hidden="true">{timeAgo(entry.createdAt, now)}</span>
        <span className="sr-only">{formatDate(entry.createdAt, 'dateTime')}</span>
      </time>
      {entry.postId && (
        <>
          {' · '}
          <Link to={`/posts/${entry.postId}`}>
            See the post<span className="sr-only"> this vibe was sent from</span>
          </Link>
        </>
      )}
    </p>
  );
}

/** Vibes people sent me: who, why, when. */
export function ReceivedVibes({ now }: { now: Date }) {
  return (
    <PagedList
      query={useReceivedVibes()}
      label="Vibes received"
      empty={{
        icon: <IconFlame size={24} />,
        title: 'No vibes received yet',
        text: 'When someone sends you a vibe from your profile or a post, it shows here with their reason.',
      }}
      renderItem={(entry) => (
        <PersonRow key={entry.id} user={entry.user}>
          <VibeLine entry={entry} now={now} />
        </PersonRow>
      )}
    />
  );
}

/** Vibes I sent: to whom, why, when. */
export function SentVibes({ now }: { now: Date }) {
  return (
    <PagedList
      query={useSentVibes()}
      label="Vibes sent"
      empty={{
        icon: <IconFlame size={24} />,
        title: 'No vibes sent yet',
        text: 'Send a vibe from someone’s profile or post to cheer them on; it shows here.',
      }}
      renderItem={(entry) => (
        <PersonRow key={entry.id} user={entry.user}>
          <VibeLine entry={entry} now={now} />
        </PersonRow>
      )}
    />
  );
}
