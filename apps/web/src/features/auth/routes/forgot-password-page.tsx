import { useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { IconArrowLeft, IconMail } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { useForgotPassword } from '../api/password-api';
import { AuthCard } from '../components/auth-card';
import './forgot-password-page.css';

export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setError('Please enter your email address');
      return;
    }
    setError(null);
    try {
      await forgot.mutateAsync({ email: address });
      setSentTo(address);
      toast.success('Password reset link sent to your email');
    } catch (failure) {
      setError(
        isApiError(failure) && failure.statusCode === 429
          ? failure.message
          : 'Failed to send reset link',
      );
    }
  }

  const backToLogin = (
    <ButtonLink to="/login" variant="ghost" block icon={<IconArrowLeft size={20} />}>
      Back to sign in
    </ButtonLink>
  );

  if (sentTo) {
    return (
      <AuthCard title="Check your email" footer={backToLogin}>
        <div className="confirmation">
          <span className="confirmation__icon">
            <IconMail size={32} />
          </span>
          <p>
            If an account exists for <strong>{sentTo}</strong>, a link to choose a new password is
            on its way. The link works once and expires in 1 hour.
          </p>
          <p className="muted">
            Nothing arrived? Check your spam folder, or try again in a few minutes.
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we'll send you a link to choose a new one."
      footer={backToLogin}
    >
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
        />
        <Button type="submit" block loading={forgot.isPending}>
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
