import type { PersonSummary } from '@doers/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { IconUsers } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { useRemoveViber, useStopVibing, useVibers, useVibingWith } from '../api/vibes-api';
import { PagedList } from './paged-list';
import { MutualBadge, PersonRow, nameOf } from './person-row';

/** Who vibes with me; removing one asks first (docs/product/vibes.md#removing-a-viber). */
export function VibersList() {
  const remove = useRemoveViber();
  const [asking, setAsking] = useState<PersonSummary | null>(null);

  const confirm = () => {
    if (!asking) return;
    const person = asking;
    remove.mutate(person.id, {
      onSuccess: () => toast.success(`${nameOf(person)} no longer vibes with you`),
      onError: (error) => toast.error(errorMessage(error, `Could not remove ${nameOf(person)}`)),
      onSettled: () => setAsking(null),
    });
  };

  return (
    <>
      <PagedList
        query={useVibers()}
        label="Your vibers"
        empty={{
          icon: <IconUsers size={24} />,
          title: 'No vibers yet',
          text: 'When someone sends you a vibe, they start vibing with you and show up here.',
        }}
        renderItem={(viber) => (
          <PersonRow
            key={viber.user.id}
            user={viber.user}
            badge={<MutualBadge mutual={viber.vibesBack} otherwise="Vibes with you" />}
            action={
              <Button
                variant="secondary"
                className="btn--small"
                onClick={() => setAsking(viber.user)}
                aria-label={`Remove ${nameOf(viber.user)} from your vibers`}
              >
                Remove
              </Button>
            }
          />
        )}
      />
      <ConfirmDialog
        open={asking !== null}
        title={asking ? `Remove ${nameOf(asking)}?` : 'Remove this viber?'}
        confirmLabel="Remove"
        tone="danger"
        loading={remove.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      >
        They will no longer vibe with you, and lose your vibers-only posts, quests and check-ins at
        once. They are not told. They can send you a vibe again later.
      </ConfirmDialog>
    </>
  );
}

/** Whom I vibe with; stopping asks first (docs/product/vibes.md#stopping-vibing). */
export function VibingList() {
  const stop = useStopVibing();
  const [asking, setAsking] = useState<PersonSummary | null>(null);

  const confirm = () => {
    if (!asking) return;
    const person = asking;
    stop.mutate(person.id, {
      onSuccess: () => toast.success(`You no longer vibe with ${nameOf(person)}`),
      onError: (error) => toast.error(errorMessage(error, 'Something went wrong. Try again.')),
      onSettled: () => setAsking(null),
    });
  };

  return (
    <>
      <PagedList
        query={useVibingWith()}
        label="You vibe with"
        empty={{
          icon: <IconUsers size={24} />,
          title: 'You don’t vibe with anyone yet',
          text: 'Send someone a vibe and you start vibing with them: their posts come to your feed.',
        }}
        renderItem={(entry) => (
          <PersonRow
            key={entry.user.id}
            user={entry.user}
            badge={<MutualBadge mutual={entry.vibesBack} otherwise="You vibe with them" />}
            action={
              <Button
                variant="secondary"
                className="btn--small"
                onClick={() => setAsking(entry.user)}
                aria-label={`Stop vibing with ${nameOf(entry.user)}`}
              >
                Stop vibing
              </Button>
            }
          />
        )}
      />
      <ConfirmDialog
        open={asking !== null}
        title={asking ? `Stop vibing with ${nameOf(asking)}?` : 'Stop vibing?'}
        confirmLabel="Stop vibing"
        tone="danger"
        loading={stop.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      >
        Their posts leave your feed, and if you were mutual vibers their vibers-only posts and
        quests disappear for you at once. They are not told. A new vibe starts it again.
      </ConfirmDialog>
    </>
  );
}
