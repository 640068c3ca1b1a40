import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PendingOutlet, Redirect } from '../../../components/ui/route-pending';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAuthStore } from '../../../lib/auth/use-auth-store';
import { useOnboardingProgress } from '../api/onboarding-api';
import { nextOnboardingStep, stepFromPath } from '../lib/onboarding-steps';
import './onboarding-gate.css';

/**
 * The onboarding wrapper (docs/product/onboarding.md): signed-in only; always shows the earliest
 * unfinished step (so /onboarding/welcome right after sign-up still shows install-app first); and
 * hands over to the feed once every step is done.
 */
export function OnboardingGate() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const { pathname } = useLocation();
  const progress = useOnboardingProgress(isAuthenticated);

  if (!isAuthenticated) return <Redirect to="/login" replace />;
  if (progress.isPending) return <PageSpinner label="Loading your onboarding" />;

  // A failed load counts as "no progress data": start at the first step.
  const next = nextOnboardingStep(progress.data?.onboardingSteps);
  if (next === null) return <FinishOnboarding />;
  if (stepFromPath(pathname) !== next) return <Redirect to={`/onboarding/${next}`} replace />;

  return (
    <main id="main" className="onboarding-layout">
      <PendingOutlet />
    </main>
  );
}

function FinishOnboarding() {
  const completeOnboarding = useAuthStore((state) => state.completeOnboarding);
  const navigate = useNavigate();
  useEffect(() => {
    // Mark it first: the signed-in shell holds people who still need onboarding.
    completeOnboarding();
    void navigate('/feed', { replace: true });
  }, [completeOnboarding, navigate]);
  return <PageSpinner label="Opening your feed" />;
}
