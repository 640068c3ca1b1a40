import type { BlockedUser } from '@doers/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FounderStar } from '../../../components/ui/founder-star';
import { IconUser } from '../../../components/ui/icons';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { useBlockedUsers, useUnblockUser } from '../api/blocked-users-api';
import './settings-list.css';
import './blocked-users-list.css';
import { formatDate } from '../../../lib/dates';

const nameOf = (entry: BlockedUser) => entry.user.displayName || `@${entry.user.username}`;

/** The people I blocked, each with Unblock, asked first (docs/product/blocking.md). */
export function BlockedUsersList() {
  const blocked = useBlockedUsers();
  const unblock = useUnblockUser();
  const [asking, setAsking] = useState<BlockedUser | null>(null);
  const items = blocked.data?.pages.flatMap((page) => page.items) ?? [];

  function confirmUnblock() {
    if (!asking) return;
    const entry = asking;
    unblock.mutate(entry.user.id, {
      onSuccess: () => {
        setAsking(null);
        toast.success(`You unblocked ${nameOf(entry)}`);
      },
      onError: (error) => {
        setAsking(null);
        toast.error(errorMessage(error, `Could not unblock ${nameOf(entry)}`));
      },
    });
  }

  return (
    <section className="card blocked-users" aria-labelledby="blocked-users-title">
      <h2 id="blocked-users-title" className="card__title">
        People you blocked
      </h2>
      <p className="muted blocked-users__intro">
        You and they don&apos;t see each other&apos;s posts, comments, quests, vibes or profile, and
        neither can vibe with or react to the other. They are not told.
      </p>
      {blocked.isPending && (
        <SkeletonList count={3} variant="row" label="Loading the people you blocked" />
      )}
      {blocked.isError && (
        <ErrorState
          title="Your blocked list did not load"
          message={errorMessage(blocked.error, 'Something went wrong')}
          onRetry={() => void blocked.refetch()}
          retrying={blocked.isFetching}
        />
      )}
      {blocked.isSuccess && items.length === 0 && (
        <EmptyState
          icon={<IconUser size={22} />}
          title="You haven't blocked anyone"
          level={3}
          compact
        >
          <p>To block someone, open their profile and choose Block.</p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <ul className="vibers__list" aria-label="Blocked people">
          {items.map((entry) => (
            <li key={entry.user.id} className="vibers__item">
              <Avatar name={nameOf(entry)} src={entry.user.profilePictureUrl} size={44} />
              <div className="vibers__text">
                <p className="blocked-users__name">
                  <Link to={`/users/${entry.user.id}`}>{nameOf(entry)}</Link>
                  {entry.user.isFounder && <FounderStar size={14} />}
                </p>
                <p className="blocked-users__meta">
                  @{entry.user.username} · Blocked since {formatDate(entry.since, 'date')}
                </p>
              </div>
              <Button
                variant="secondary"
                className="btn--small"
                onClick={() => setAsking(entry)}
                aria-label={`Unblock ${nameOf(entry)}`}
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton query={blocked} label="Load more" variant="ghost" />
      <ConfirmDialog
        open={asking !== null}
        title={asking ? `Unblock ${nameOf(asking)}?` : 'Unblock?'}
        confirmLabel="Unblock"
        loading={unblock.isPending}
        onConfirm={confirmUnblock}
        onClose={() => setAsking(null)}
      >
        You will see each other&apos;s profile, posts and public quests again, and can send each
        other vibes. Vibing that the block ended does not come back by itself.
      </ConfirmDialog>
    </section>
  );
}
