import { PASSWORD_MIN_LENGTH } from '@doers/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useAccount } from '../../../lib/auth/use-account';
import { toast } from '../../../lib/toast-store';
import { useChangePassword } from '../api/sessions-api';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Problem = { field: Field | 'form'; message: string };

const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * A new password with the current one (docs/product/accounts-and-sessions.md): every other
 * device is signed out, this one stays.
 */
export function ChangePasswordForm() {
  const username = useAccount().data?.username ?? '';
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setDone(null);
    if (problem && (problem.field === field || problem.field === 'form')) setProblem(null);
  }

  function check(): Problem | null {
    if (!values.currentPassword) {
      return { field: 'currentPassword', message: 'Please enter your current password' };
    }
    if (values.newPassword.length < PASSWORD_MIN_LENGTH) {
      return {
        field: 'newPassword',
        message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
      };
    }
    if (values.newPassword !== values.confirmPassword) {
      return { field: 'confirmPassword', message: 'Passwords do not match' };
    }
    return null;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = check();
    setProblem(invalid);
    if (invalid) return;
    try {
      const { message } = await change.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      setValues(EMPTY);
      setDone(message);
      toast.success('Password changed');
    } catch (failure) {
      // The server names the field it refuses (a wrong current password, a common new one).
      const onField = isApiError(failure)
        ? failure.errors?.find((e) => e.field === 'currentPassword' || e.field === 'newPassword')
        : undefined;
      setProblem(
        onField
          ? { field: onField.field as Field, message: onField.message }
          : { field: 'form', message: errorMessage(failure, 'Could not change your password') },
      );
    }
  }

  const errorFor = (field: Field) => (problem?.field === field ? problem.message : null);

  return (
    <section className="card change-password" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="card__title">
        Change password
      </h2>
      <form className="form" onSubmit={handleSubmit} noValidate>
        {/* For password managers: which account this password belongs to. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={username}
          readOnly
          hidden
        />
        {problem?.field === 'form' && <Alert>{problem.message}</Alert>}
        {done && <Alert tone="success">{done}</Alert>}
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          revealable
          value={values.currentPassword}
          onChange={(event) => update('currentPassword', event.target.value)}
          error={errorFor('currentPassword')}
        />
        <NewPasswordFields
          names={{ password: 'newPassword', confirm: 'confirmPassword' }}
          wording="new"
          password={values.newPassword}
          confirm={values.confirmPassword}
          onPasswordChange={(value) => update('newPassword', value)}
          onConfirmChange={(value) => update('confirmPassword', value)}
          hint="At least 8 characters. Your other devices will be signed out."
          passwordError={errorFor('newPassword')}
          confirmError={errorFor('confirmPassword')}
        />
        <Button type="submit" block loading={change.isPending}>
          Change password
        </Button>
      </form>
    </section>
  );
}
