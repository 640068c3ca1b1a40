import { PASSWORD_MIN_LENGTH } from '@doers/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { IconArrowLeft } from '../../../components/ui/icons';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { useResetPassword } from '../api/password-api';
import { AuthCard } from '../components/auth-card';

type Problem = {
  field: 'newPassword' | 'confirmPassword' | 'form';
  message: string;
  /** The server's reason, shown as a second, smaller line under the fixed message. */
  detail?: string;
};

/** The exact error of a failed reset (docs/product/accounts-and-sessions.md). */
const RESET_FAILED_MESSAGE = 'Failed to reset password';

export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ResetPasswordForm token={token} /> : <InvalidResetLink />;
}

/** With no token, say so and go to /login (docs/product/accounts-and-sessions.md). */
function InvalidResetLink() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.error('Invalid reset link');
    void navigate('/login', { replace: true });
  }, [navigate]);
  return <Alert>Invalid reset link</Alert>;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (newPassword.length < PASSWORD_MIN_LENGTH || confirmPassword.length < PASSWORD_MIN_LENGTH) {
      const field = newPassword.length < PASSWORD_MIN_LENGTH ? 'newPassword' : 'confirmPassword';
      setProblem({
        field,
        message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
      });
      return;
    }
    if (newPassword !== confirmPassword) {
      setProblem({ field: 'confirmPassword', message: 'Passwords do not match' });
      return;
    }
    setProblem(null);
    try {
      await reset.mutateAsync({ token, newPassword });
      toast.success('Password reset successful!');
      void navigate('/login', { replace: true });
    } catch (failure) {
      const reason = errorMessage(failure, '');
      toast.error(RESET_FAILED_MESSAGE);
      // The server's word on the new password itself (a common one) goes under the field.
      const onField = isApiError(failure)
        ? failure.errors?.find((e) => e.field === 'newPassword')
        : undefined;
      if (onField) {
        setProblem({ field: 'newPassword', message: onField.message });
        return;
      }
      setProblem({
        field: 'form',
        message: RESET_FAILED_MESSAGE,
        detail: reason && reason !== RESET_FAILED_MESSAGE ? reason : undefined,
      });
    }
  }

  const errorFor = (field: Problem['field']) => (problem?.field === field ? problem.message : null);

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Pick something you haven't used before. Every device will be signed out for safety."
      footer={
        <ButtonLink to="/login" variant="ghost" block icon={<IconArrowLeft size={20} />}>
          Back to sign in
        </ButtonLink>
      }
    >
      <form className="form" onSubmit={handleSubmit} noValidate>
        {problem?.field === 'form' && (
          <Alert title={problem.message}>
            {problem.detail && <small className="alert__detail">{problem.detail}</small>}
            Reset links work once and expire after 1 hour. You can ask for a new one on the
            forgot-password page.
          </Alert>
        )}
        <NewPasswordFields
          names={{ password: 'newPassword', confirm: 'confirmPassword' }}
          wording="new"
          password={newPassword}
          confirm={confirmPassword}
          onPasswordChange={setNewPassword}
          onConfirmChange={setConfirmPassword}
          hint="At least 8 characters."
          passwordError={errorFor('newPassword')}
          confirmError={errorFor('confirmPassword')}
        />
        <Button type="submit" block loading={reset.isPending}>
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}
