import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePublicConfig } from '../api/public-config-api';
import { useReferralValidation } from '../api/referral-api';
import { RegisterForm } from '../components/register-form';

const NEEDS_INVITE_MESSAGE = 'Please scan a QR code or enter a referral code to register';

/**
 * Registration starts from a referral code or founder mode, nothing else
 * (docs/product/referrals-and-founders.md).
 */
export function RegisterPage() {
  usePageTitle('Create your account');
  const [params] = useSearchParams();
  const referralCode = params.get('ref')?.trim() || null;
  const founderMode = params.get('founder') === 'true';

  if (!referralCode && !founderMode) return <NeedsInvite />;
  return <RegisterWithInvite referralCode={referralCode} founderMode={founderMode} />;
}

function NeedsInvite() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.warning(NEEDS_INVITE_MESSAGE);
    void navigate('/qr-scan', { replace: true });
  }, [navigate]);
  return <Alert tone="info">{NEEDS_INVITE_MESSAGE}</Alert>;
}

function RegisterWithInvite({
  referralCode,
  founderMode,
}: {
  referralCode: string | null;
  founderMode: boolean;
}) {
  const referral = useReferralValidation(referralCode);
  const config = usePublicConfig(founderMode);
  const founderCode = founderMode ? (config.data?.founderInviteCode ?? null) : null;
  const founderOpen = Boolean(founderCode) && (config.data?.founderSeatsLeft ?? 0) > 0;
  const referrer = referral.data?.valid ? referral.data.referrer : null;
  const announced = useRef({ referrer: false, founder: false });

  useEffect(() => {
    if (referrer && !announced.current.referrer) {
      announced.current.referrer = true;
      toast.success(`You were invited by @${referrer.username}`);
    }
  }, [referrer]);

  useEffect(() => {
    if (founderOpen && !announced.current.founder) {
      announced.current.founder = true;
      toast.success('Founder registration - no payment required');
    }
  }, [founderOpen]);

  if ((founderMode && config.isPending) || (referralCode && referral.isPending && !founderMode)) {
    return <PageSpinner label="Checking your invite" />;
  }

  let referralError: string | null = null;
  if (referralCode && referral.isError) referralError = 'Could not validate referral code';
  else if (referral.data && !referral.data.valid)
    referralError = referral.data.error || 'Invalid referral code';

  return (
    <RegisterForm
      referrer={referrer}
      referralError={referralError}
      // When the check itself failed, the referral is dropped
      // (docs/product/referrals-and-founders.md).
      referralCode={referral.isError ? '' : (referralCode ?? '')}
      founderMode={founderMode}
      founderCode={founderOpen ? founderCode : null}
      founderUnavailable={founderMode && !founderOpen}
    />
  );
}
