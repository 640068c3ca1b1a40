import { ACCOUNT_DELETION_GRACE_DAYS } from '@doers/contract';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { signInNotice } from '../../../lib/auth/sign-in-notice';
import { useAuthStore } from '../../../lib/auth/use-auth-store';
import { toast } from '../../../lib/toast-store';
import { useDeleteAccount } from '../api/account-deletion-api';
import { formatDate } from '../../../lib/dates';

const dayText = (iso: string) => formatDate(iso, 'dateLong');

/**
 * "Delete your account" on /settings/your-data (docs/product/your-data.md): confirmed with the
 * password; the account is deactivated at once and erased after the grace days.
 */
export function DeleteAccountSection() {
  const titleId = useId();
  const navigate = useNavigate();
  const clearSession = useAuthStore((state) => state.clearSession);
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<{ onField: boolean; message: string } | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setProblem({ onField: true, message: 'Enter your password to delete your account' });
      return;
    }
    try {
      const { erasedAt } = await remove.mutateAsync({ password });
      // The server has ended every session already: this device only forgets its own.
      clearSession();
      const message = `Your account is deactivated and will be erased on ${dayText(erasedAt)}. Sign in before then to keep it.`;
      signInNotice.set(message);
      toast.info(message);
      void navigate('/login', { replace: true });
    } catch (failure) {
      const onField = isApiError(failure) && failure.errors?.some((e) => e.field === 'password');
      setProblem({
        onField: Boolean(onField),
        message: errorMessage(failure, 'Your account could not be deleted'),
      });
    }
  }

  return (
    <section className="card safety-page__section" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        Delete your account
      </h2>
      <p>
        Your account is deactivated at once: nobody can see you and you are signed out everywhere.
        After {ACCOUNT_DELETION_GRACE_DAYS} days it is erased for good: your posts, comments, the
        voice messages you sent, quests, check-ins, reactions, vibes and files. Sign back in before
        then to keep it. Download a copy of your data first if you want one.
      </p>
      {!confirming ? (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete my account…
        </Button>
      ) : (
        <form className="delete-account" onSubmit={(e) => void handleSubmit(e)} noValidate>
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            revealable
            autoFocus
            value={password}
            error={problem?.onField ? problem.message : null}
            onChange={(e) => {
              setPassword(e.target.value);
              setProblem(null);
            }}
          />
          {problem && !problem.onField && <Alert>{problem.message}</Alert>}
          <div className="delete-account__actions">
            <Button type="submit" variant="danger" loading={remove.isPending}>
              Delete my account
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setConfirming(false);
                setPassword('');
                setProblem(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
