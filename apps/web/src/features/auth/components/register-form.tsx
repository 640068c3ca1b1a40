import type { Referrer } from '@doers/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { TextField } from '../../../components/ui/text-field';
import { useRegisterForm } from '../hooks/use-register-form';
import { AuthCard } from './auth-card';
import { FounderBanner, InvitedByBanner } from './invite-banners';

interface RegisterFormProps {
  referrer: Referrer | null;
  referralError: string | null;
  referralCode: string;
  founderMode: boolean;
  /** The configured founder code, pre-filled and read-only; null when founder mode is closed. */
  founderCode: string | null;
  founderUnavailable: boolean;
}

export function RegisterForm(props: RegisterFormProps) {
  const { referrer, referralError, referralCode, founderCode, founderUnavailable } = props;
  const [typedInviteCode, setTypedInviteCode] = useState('');
  const inviteCode = founderCode ?? typedInviteCode;
  const { form, update, handleSubmit, isLoading, formError, errorFor } = useRegisterForm({
    referralCode,
    referrerId: referrer?.id ?? null,
    inviteCode,
  });
  const formErrorId = useId();
  const describedBy = formError ? formErrorId : undefined;

  return (
    <AuthCard
      title="Create your account"
      subtitle="Free to join. Start a quest, keep a streak, share your progress out loud."
      footer={
        <p className="auth-card__footer-text">
          Already have an account?{' '}
          <Link to="/login" className="text-link">
            Sign in
          </Link>
        </p>
      }
    >
      {founderCode && <FounderBanner />}
      {founderUnavailable && (
        <Alert tone="warning" title="Founder registration is closed">
          There is no founder seat to claim right now. Ask a Doer for their referral code instead.
        </Alert>
      )}
      {referrer && <InvitedByBanner referrer={referrer} />}
      {referralError && (
        <Alert tone="error" title={referralError}>
          <Link to="/qr-scan" className="text-link">
            Scan or enter another code
          </Link>
        </Alert>
      )}

      <form className="form" onSubmit={handleSubmit} noValidate>
        {formError && <Alert id={formErrorId}>{formError}</Alert>}
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={30}
          value={form.username}
          onChange={(event) => update('username', event.target.value)}
          hint="Lowercase letters, numbers, and underscores only. No spaces."
          error={errorFor('username')}
          describedBy={describedBy}
        />
        <TextField
          label="Invite code (optional)"
          name="inviteCode"
          autoCapitalize="none"
          spellCheck={false}
          value={inviteCode}
          readOnly={Boolean(founderCode)}
          onChange={(event) => setTypedInviteCode(event.target.value)}
          hint={
            founderCode
              ? 'Your founder invite code is filled in for you.'
              : 'Only founders have an invite code. Leave it empty if you were referred.'
          }
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={form.email}
          onChange={(event) => update('email', event.target.value)}
          error={errorFor('email')}
          describedBy={describedBy}
        />
        <NewPasswordFields
          names={{ password: 'password', confirm: 'confirmPassword' }}
          wording="plain"
          password={form.password}
          confirm={form.confirmPassword}
          onPasswordChange={(value) => update('password', value)}
          onConfirmChange={(value) => update('confirmPassword', value)}
          hint="At least 8 characters."
          passwordError={errorFor('password')}
          confirmError={errorFor('confirmPassword')}
          describedBy={describedBy}
        />
        <CheckboxField
          label={
            <>
              I agree to the Doers{' '}
              <Link to="/settings/terms" target="_blank" rel="noopener">
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/settings/privacy-policy" target="_blank" rel="noopener">
                Privacy Policy
              </Link>
            </>
          }
          checked={form.acceptedTerms}
          onChange={(event) => update('acceptedTerms', event.target.checked)}
          error={errorFor('acceptedTerms')}
        />
        <Button type="submit" block loading={isLoading}>
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
