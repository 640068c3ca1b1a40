import { REPORT_NOTE_MAX, type AuditEntry } from '@doers/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextareaField } from '../../../components/ui/textarea-field';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { useLiftSuspension } from '../api/safety-api';

/**
 * For admins, on an audit line about someone suspended now: ends the suspension at once, with a
 * reason the audit log keeps. The server checks the grant anyway.
 */
export function LiftSuspension({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const lift = useLiftSuspension();
  const person = entry.targetUser ? `@${entry.targetUser.username}` : 'this person';
  const close = () => {
    lift.reset();
    setMissing(false);
    setOpen(false);
  };
  const confirm = () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    lift.mutate(
      { userId: entry.targetId, reason },
      {
        onSuccess: () => {
          toast.success(`${person} can use Doers again.`);
          setReason('');
          close();
        },
      },
    );
  };
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        Lift the suspension of {person}
      </Button>
      <ConfirmDialog
        open={open}
        title={`Lift the suspension of ${person}?`}
        confirmLabel="Lift suspension"
        loading={lift.isPending}
        onConfirm={confirm}
        onClose={close}
      >
        <p>They can sign in and use Doers again at once.</p>
        <TextareaField
          label="Why (the audit log keeps it)"
          value={reason}
          maxLength={REPORT_NOTE_MAX}
          rows={2}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
          error={missing ? 'Say why before lifting the suspension.' : null}
        />
        {lift.isError && (
          <Alert>{errorMessage(lift.error, 'The suspension could not be lifted')}</Alert>
        )}
      </ConfirmDialog>
    </>
  );
}
