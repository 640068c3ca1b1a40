import { ONBOARDING_STEPS, type OnboardingStep } from '@doers/contract';
import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';
import { useSignOut } from '../../../lib/auth/use-sign-out';
import { usePageTitle } from '../../../lib/use-page-title';
import { stepNumber } from '../lib/onboarding-steps';
import './onboarding-frame.css';

interface OnboardingFrameProps {
  step: OnboardingStep;
  icon: ReactNode;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}

export function OnboardingFrame({
  step,
  icon,
  title,
  lead,
  children,
  actions,
}: OnboardingFrameProps) {
  usePageTitle(title);
  const { signOut, isSigningOut } = useSignOut();
  const number = stepNumber(step);
  const total = ONBOARDING_STEPS.length;

  return (
    <div className="onboarding">
      <div className="onboarding__top">
        <Logo size={28} />
        <button
          type="button"
          className="text-link onboarding__signout"
          onClick={() => void signOut()}
          disabled={isSigningOut}
        >
          Sign out
        </button>
      </div>
      <div className="step-progress">
        <p className="step-progress__label">
          Step {number} of {total}
        </p>
        <div className="step-progress__track" aria-hidden="true">
          {ONBOARDING_STEPS.map((item, index) => (
            <span key={item} className={`step-progress__dot${index < number ? ' is-done' : ''}`} />
          ))}
        </div>
      </div>
      <section className="onboarding__card card" aria-labelledby="onboarding-title">
        <span className="onboarding__icon">{icon}</span>
        <h1 id="onboarding-title" className="onboarding__title">
          {title}
        </h1>
        {lead && <p className="onboarding__lead">{lead}</p>}
        {children}
      </section>
      {actions && <div className="onboarding__actions">{actions}</div>}
    </div>
  );
}
