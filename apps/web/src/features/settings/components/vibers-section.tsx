import type { Viber } from '@doers/contract';
import { useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FounderStar } from '../../../components/ui/founder-star';
import { IconUsers } from '../../../components/ui/icons';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { useRemoveViber, useVibers } from '../api/vibers-api';
import './settings-list.css';
import './vibers-section.css';

const nameOf = (viber: Viber) => viber.user.displayName || `@${viber.user.username}`;

/**
 * The people who vibe with me, whether we vibe mutually (only then do they see my vibers-only
 * quests), and removing one (docs/product/vibes.md#removing-a-viber).
 */
export function VibersSection() {
  const vibers = useVibers();
  const remove = useRemoveViber();
  const [removing, setRemoving] = useState<Viber | null>(null);
  const items = vibers.data?.pages.flatMap((page) => page.items) ?? [];

  function confirmRemove() {
    if (!removing) return;
    const viber = removing;
    remove.mutate(viber.user.id, {
      onSuccess: () => {
        setRemoving(null);
        toast.success(`${nameOf(viber)} no longer vibes with you`);
      },
      onError: (error) => {
        setRemoving(null);
        toast.error(errorMessage(error, `Could not remove ${nameOf(viber)}`));
      },
    });
  }

  return (
    <section className="card vibers" aria-labelledby="vibers-title">
      <h2 id="vibers-title" className="card__title">
        Your vibers
      </h2>
      <p className="muted vibers__intro">
        People who vibe with you. Your vibers-only quests are for mutual vibers: people you vibe
        with who vibe with you back. Removing someone ends their vibing with you at once.
      </p>
      {vibers.isPending && <SkeletonList count={2} variant="row" label="Loading your vibers" />}
      {vibers.isError && (
        <ErrorState
          title="Your vibers did not load"
          message={errorMessage(vibers.error, 'Something went wrong')}
          onRetry={() => void vibers.refetch()}
          retrying={vibers.isFetching}
        />
      )}
      {vibers.isSuccess && items.length === 0 && (
        <EmptyState icon={<IconUsers size={22} />} title="No vibers yet" level={3} compact>
          <p>When someone sends you a vibe, they start vibing with you and show up here.</p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <ul className="vibers__list" aria-label="Vibers">
          {items.map((viber) => (
            <li key={viber.user.id} className="vibers__item">
              <Avatar name={nameOf(viber)} src={viber.user.profilePictureUrl} size={44} />
              <div className="vibers__text">
                <p className="vibers__name">
                  <span>{nameOf(viber)}</span>
                  {viber.user.isFounder && <FounderStar size={14} />}
                  <span
                    className={`vibers__badge${viber.vibesBack ? ' vibers__badge--mutual' : ''}`}
                  >
                    {viber.vibesBack ? 'Mutual' : 'Vibes with you'}
                  </span>
                </p>
                <p className="vibers__meta">
                  @{viber.user.username} ·{' '}
                  {viber.vibesBack
                    ? 'Sees your vibers-only quests'
                    : "You don't vibe back, so they don't see your vibers-only quests"}
                </p>
              </div>
              <Button
                variant="secondary"
                className="btn--small"
                onClick={() => setRemoving(viber)}
                aria-label={`Remove ${nameOf(viber)} from your vibers`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton query={vibers} label="Load more vibers" variant="ghost" />
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${nameOf(removing)}?` : 'Remove this viber?'}
        confirmLabel="Remove"
        tone="danger"
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      >
        They will no longer vibe with you, and lose your vibers-only quests and check-ins at once.
        They are not told. They can send you a vibe again later.
      </ConfirmDialog>
    </section>
  );
}
