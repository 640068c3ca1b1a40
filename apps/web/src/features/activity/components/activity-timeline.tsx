import type { ActivityItem } from '@doers/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { ButtonLink } from '../../../components/ui/button';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { FounderStar } from '../../../components/ui/founder-star';
import { IconCheck, IconFlame } from '../../../components/ui/icons';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { selectSignedInUserId, useAuthStore } from '../../../lib/auth/use-auth-store';
import { localToday } from '../../../lib/days';
import { useActivity } from '../api/use-activity';
import { groupActivityByDay } from '../lib/group-activity';
import './activity-timeline.css';

function ActivityRow({ item, isMe }: { item: ActivityItem; isMe: boolean }) {
  const name = isMe ? 'You' : item.user.displayName || item.user.username;
  const complete = item.taskCount > 0 && item.tasksDone === item.taskCount;
  return (
    <li className="activity-item">
      <Avatar
        name={item.user.displayName || item.user.username}
        src={item.user.profilePictureUrl}
        size={40}
      />
      <div className="activity-item__body">
        <p className="activity-item__line">
          <Link to={isMe ? '/profile' : `/users/${item.user.id}`} className="activity-item__name">
            {name}
          </Link>
          {!isMe && item.user.isFounder && <FounderStar size={14} />} checked in to{' '}
          <Link to={`/quests/${item.quest.id}`} className="activity-item__quest">
            {item.quest.emoji} {item.quest.title}
          </Link>
        </p>
        <p className="activity-item__meta">
          {item.taskCount > 0 && (
            <span className={`activity-item__tasks${complete ? ' is-complete' : ''}`}>
              <IconCheck size={14} /> {item.tasksDone}/{item.taskCount} tasks
            </span>
          )}
          {item.late && (
            <span className="tag tag--small tag--late" title="Checked in the day after">
              Late
            </span>
          )}
        </p>
      </div>
    </li>
  );
}

/** Recent check-ins of mine and of the people I vibe with, by day. */
export function ActivityTimeline() {
  const activity = useActivity();
  const myId = useAuthStore(selectSignedInUserId);
  const items = activity.data?.pages.flatMap((page) => page.items) ?? [];
  const groups = groupActivityByDay(items, localToday());

  return (
    <section className="activity" aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="section-title">
        Recent check-ins
      </h2>
      {activity.isPending && (
        <SkeletonList count={4} variant="row" label="Loading recent check-ins" />
      )}
      {activity.isError && (
        <ErrorState
          title="Recent check-ins did not load"
          message={errorMessage(activity.error, 'Something went wrong')}
          onRetry={() => void activity.refetch()}
          retrying={activity.isFetching}
        />
      )}
      {activity.isSuccess && items.length === 0 && (
        <div className="card">
          <EmptyState
            icon={<IconFlame size={28} />}
            title="No check-ins yet"
            level={3}
            action={<ButtonLink to="/quests">Go to your quests</ButtonLink>}
          >
            <p>Your check-ins and those of people you vibe with show up here.</p>
          </EmptyState>
        </div>
      )}
      {groups.map((group) => (
        <div key={group.day} className="activity__day">
          <h3 className="activity__day-title">{group.label}</h3>
          <ul className="card activity__list">
            {group.items.map((item) => (
              <ActivityRow key={item.id} item={item} isMe={item.user.id === myId} />
            ))}
          </ul>
        </div>
      ))}
      <LoadMoreButton query={activity} />
    </section>
  );
}
