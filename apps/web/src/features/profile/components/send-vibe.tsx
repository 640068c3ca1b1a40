import { VIBE_REASONS, type PublicUser, type VibeReasonChoice } from '@doers/contract';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { IconFlame } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { useSendVibe } from '../api/profile-api';
import { PROFILE_TUTORIAL_MARKERS } from '../lib/tutorial-markers';

/** "Send a vibe": choose a reason, send; the person is notified with it. */
export function SendVibe({ person }: { person: PublicUser }) {
  const send = useSendVibe(person.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<VibeReasonChoice | null>(null);
  const id = useId();
  const name = person.displayName || `@${person.username}`;

  const close = () => {
    setOpen(false);
    setReason(null);
    send.reset();
  };

  const submit = () => {
    if (!reason) return;
    send.mutate(reason, {
      onSuccess: (vibe) => {
        toast.success(
          `Vibe sent to ${name}: ${reason}` +
            (vibe.startedVibingWith ? '. You now vibe with them.' : ''),
        );
        close();
      },
    });
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
      <fieldset className="send-vibe__reasons" data-tutorial={PROFILE_TUTORIAL_MARKERS.vibeReasons}>
        <legend className="field__label">Why are you sending {name} a vibe?</legend>
        <div className="reason-chips">
          {VIBE_REASONS.map((choice) => (
            <label key={choice} className={`reason-chip${reason === choice ? ' is-on' : ''}`}>
              <input
                type="radio"
                name={`${id}-reason`}
                value={choice}
                checked={reason === choice}
                onChange={() => setReason(choice)}
              />
              <span>{choice.charAt(0).toUpperCase() + choice.slice(1)}</span>
            </label>
          ))}
        </div>
      </fieldset>
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
