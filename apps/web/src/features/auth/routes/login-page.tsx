import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { IconQr } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-error';
import { signInNotice } from '../../../lib/auth/sign-in-notice';
import { useAuthStore } from '../../../lib/auth/use-auth-store';
import { toast } from '../../../lib/toast-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { AuthCard } from '../components/auth-card';

function loginFailureMessage(error: unknown): string {
  // A rate limit or an unreachable server is not a credentials problem: say what happened.
  if (isApiError(error) && (error.statusCode === 429 || error.statusCode === 0))
    return error.message;
  return 'Login failed. Please check your credentials.';
}

export function LoginPage() {
  usePageTitle('Sign in');
  const login = useAuthStore((state) => state.login);
  const isLoading = useAuthStore((state) => state.isLoading);
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  // Why this tab was signed out, if it was: still said after a reload.
  const [notice] = useState(signInNotice.get);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!identifier.trim() || !password) {
      setError('Please fill in all fields');
      return;
    }
    setError(null);
    try {
      const response = await login({ identifier, password, rememberMe });
      // The public layout now sends the person on: to onboarding or to their feed (or, when the
      // account is suspended, to the one screen that says why).
      if (response.accountRestored)
        toast.success('Welcome back! Your account will not be deleted.');
      else if (!response.suspension) toast.success('Welcome back!');
    } catch (failure) {
      setError(loginFailureMessage(failure));
    }
  }

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to check in, keep your streak going and cheer on your people."
      footer={
        <>
          <p className="auth-card__footer-text">
            New here? Doers is joined through a friend's invite.
          </p>
          <ButtonLink to="/qr-scan" variant="secondary" block icon={<IconQr size={20} />}>
            I'm being referred
          </ButtonLink>
        </>
      }
    >
      <form
        className="form"
        onSubmit={handleSubmit}
        noValidate
        aria-describedby={error ? errorId : undefined}
      >
        {notice && !error && (
          <Alert tone="info" live={false}>
            {notice}
          </Alert>
        )}
        {error && <Alert id={errorId}>{error}</Alert>}
        <TextField
          label="Email or username"
          name="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={identifier}
          onChange={(event) => setIdentifier(event.target.value)}
          describedBy={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          revealable
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          describedBy={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
        />
        <div className="form__row">
          <CheckboxField
            label="Remember me"
            checked={rememberMe}
            onChange={(event) => setRememberMe(event.target.checked)}
          />
          <Link to="/forgot-password" className="text-link">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" block loading={isLoading}>
          Sign in
        </Button>
      </form>
    </AuthCard>
  );
}
