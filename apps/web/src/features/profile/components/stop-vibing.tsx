import type { PublicUser } from '@doers/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { useStopVibing } from '../api/profile-api';

/** "Stop vibing", asked first; shown only while I vibe with the person (docs/product/vibes.md). */
export function StopVibing({ person }: { person: PublicUser }) {
  const stop = useStopVibing(person.id);
  const [asking, setAsking] = useState(false);
  const name = person.displayName || `@${person.username}`;
  if (!person.viewer?.vibingWith) return null;

  const confirm = () => {
    stop.mutate(undefined, {
      onSuccess: () => {
        toast.success(`You no longer vibe with ${name}.`);
        setAsking(false);
      },
      onError: (error) => toast.error(errorMessage(error, 'Something went wrong. Try again.')),
    });
  };

  return (
    <>
      <Button variant="secondary" block onClick={() => setAsking(true)}>
        Stop vibing
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Stop vibing with ${name}?`}
        confirmLabel="Stop vibing"
        tone="danger"
        loading={stop.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        {person.viewer.vibesWithYou
          ? 'You will no longer be mutual vibers: their vibers-only quests and check-ins disappear for you at once. '
          : ''}
        They are not told, and their own vibing with you does not change. A new vibe starts yours
        again.
      </ConfirmDialog>
    </>
  );
}
