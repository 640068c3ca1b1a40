import '../../../components/ui/interest-chips.css';
import type { Interest, PersonSummary, QuestSummary, SearchResults } from '@doers/contract';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { FounderStar } from '../../../components/ui/founder-star';
import { IconChevronRight, IconCompass } from '../../../components/ui/icons';
import { EmptyState, SkeletonList } from '../../../components/ui/state-panels';
import { PostCard } from '../../posts';

interface SearchResultsListProps {
  results: SearchResults;
  /** The text these results are for (shown in the empty state). */
  query: string;
  /** The signed-in person: their own row leads to /profile. */
  meId: string | undefined;
  onInterest(interest: Interest): void;
}

/**
 * Results grouped People / Quests / Interests / Posts (public posts whose transcript holds the
 * words); a group with nothing found is left out.
 */
export function SearchResultsList({ results, query, meId, onInterest }: SearchResultsListProps) {
  const { people, quests, interests, posts } = results;
  if (people.length + quests.length + interests.length + posts.length === 0) {
    return (
      <EmptyState icon={<IconCompass size={28} />} title="Nothing found">
        No people, quests, interests or posts match “{query}”.
      </EmptyState>
    );
  }
  return (
    <div className="explore-results">
      {people.length > 0 && (
        <section aria-labelledby="results-people">
          <h2 id="results-people" className="explore-results__heading">
            People
          </h2>
          <ul className="explore-results__list card">
            {people.map((person) => (
              <PersonRow key={person.id} person={person} isMe={person.id === meId} />
            ))}
          </ul>
        </section>
      )}
      {quests.length > 0 && (
        <section aria-labelledby="results-quests">
          <h2 id="results-quests" className="explore-results__heading">
            Quests
          </h2>
          <ul className="explore-results__list card">
            {quests.map((quest) => (
              <QuestRow key={quest.id} quest={quest} />
            ))}
          </ul>
        </section>
      )}
      {interests.length > 0 && (
        <section aria-labelledby="results-interests">
          <h2 id="results-interests" className="explore-results__heading">
            Interests
          </h2>
          <ul className="chips">
            {interests.map((interest) => (
              <li key={interest.id}>
                <button
                  type="button"
                  className="chip chip--toggle"
                  onClick={() => onInterest(interest)}
                  aria-label={`Show posts about ${interest.label}`}
                >
                  <span className="chip__emoji" aria-hidden="true">
                    {interest.emoji}
                  </span>
                  {interest.label}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {posts.length > 0 && (
        <section aria-labelledby="results-posts">
          <h2 id="results-posts" className="explore-results__heading">
            Posts
          </h2>
          <Suspense fallback={<SkeletonList count={1} label="Loading posts" />}>
            <div className="explore-results__posts">
              {posts.map((post) => (
                <PostCard key={post.id} post={post} transcriptPreview />
              ))}
            </div>
          </Suspense>
        </section>
      )}
    </div>
  );
}

function PersonRow({ person, isMe }: { person: PersonSummary; isMe: boolean }) {
  const name = person.displayName || person.username;
  return (
    <li>
      <Link to={isMe ? '/profile' : `/users/${person.id}`} className="explore-row">
        <Avatar name={name} src={person.profilePictureUrl} size={44} />
        <span className="explore-row__text">
          <span className="explore-row__title">
            {name}
            {person.isFounder && <FounderStar size={14} />}
          </span>
          <span className="explore-row__sub">@{person.username}</span>
        </span>
        <IconChevronRight size={18} />
      </Link>
    </li>
  );
}

function QuestRow({ quest }: { quest: QuestSummary }) {
  const people = quest.participantCount === 1 ? '1 person' : `${quest.participantCount} people`;
  return (
    <li>
      <Link to={`/quests/${quest.id}`} className="explore-row">
        <span className="explore-row__emoji" aria-hidden="true">
          {quest.emoji}
        </span>
        <span className="explore-row__text">
          <span className="explore-row__title">{quest.title}</span>
          <span className="explore-row__sub">
            by @{quest.owner.username} · {people}
          </span>
        </span>
        <IconChevronRight size={18} />
      </Link>
    </li>
  );
}
