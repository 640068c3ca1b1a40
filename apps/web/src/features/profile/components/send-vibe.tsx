import type { PublicUser, VibeReasonChoice } from '@doers/contract';
import { useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { IconFlame } from '../../../components/ui/icons';
import { VibeReasonPicker } from '../../../components/ui/vibe-reason-picker';
import { errorMessage } from '../../../lib/api-error';
import { savedOfflineMessage } from '../../../lib/offline-queue';
import { randomId } from '../../../lib/random-id';
import { toast } from '../../../lib/toast-store';
import { useSendVibe } from '../api/profile-api';
import { PROFILE_TUTORIAL_MARKERS } from '../lib/tutorial-markers';

/** "Send a vibe": choose a reason, send; the person is notified with it. */
export function SendVibe({ person }: { person: PublicUser }) {
  const send = useSendVibe(person.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<VibeReasonChoice | null>(null);
  const name = person.displayName || `@${person.username}`;
  // One intent per open form: "Send vibe" again after a failure is the same vibe.
  const key = useRef(randomId());

  const close = () => {
    setOpen(false);
    setReason(null);
    send.reset();
    key.current = randomId();
  };

  const submit = () => {
    if (!reason) return;
    send.mutate(
      { vibeReason: reason, key: key.current },
      {
        onSuccess: (outcome) => {
          if (outcome.queued) toast.info(savedOfflineMessage(`Your vibe to ${name}`));
          else
            toast.success(
              `Vibe sent to ${name}: ${reason}` +
                (outcome.value.startedVibingWith ? '. You now vibe with them.' : ''),
            );
          close();
        },
      },
    );
  };

  if (!open) {
    return (
      <Button
        block
        icon={<IconFlame size={20} />}
        onClick={() => setOpen(true)}
        data-tutorial={PROFILE_TUTORIAL_MARKERS.vibeButton}
      >
        Send a vibe
      </Button>
    );
  }

  return (
    <form
      className="send-vibe"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <VibeReasonPicker
        legend={`Why are you sending ${name} a vibe?`}
        value={reason}
        onChange={setReason}
        tutorialMarker={PROFILE_TUTORIAL_MARKERS.vibeReasons}
      />
      {send.isError && (
        <Alert title="Your vibe was not sent">
          {errorMessage(send.error, 'Something went wrong. Try again.')}
        </Alert>
      )}
      <div className="button-row">
        <Button variant="secondary" onClick={close} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={send.isPending} disabled={!reason}>
          Send vibe
        </Button>
      </div>
    </form>
  );
}
