import type { OnboardingStep } from '@doers/contract';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { IconCamera, IconCompass } from '../../../components/ui/icons';
import { useSaveOnboardingStep } from '../api/onboarding-api';
import { OnboardingFrame } from '../components/onboarding-frame';

type UpcomingStep = Exclude<
  OnboardingStep,
  'install-app' | 'welcome' | 'voice-intro' | 'first-quest'
>;

/** Steps whose real screens come with later work: say plainly what they will hold. */
const STEPS: Record<UpcomingStep, { icon: ReactNode; title: string; text: string }> = {
  'profile-picture': {
    icon: <IconCamera size={32} />,
    title: 'Add a profile picture',
    text: "Here you'll choose a photo for your profile. It will sit inside your halo ring, so people you vibe with recognise you at a glance.",
  },
  interests: {
    icon: <IconCompass size={32} />,
    title: 'Pick your interests',
    text: "Here you'll choose what you care about, like fitness, learning or creative work, so Explore can show you people and quests that fit.",
  },
};

export function UpcomingStep({ step }: { step: UpcomingStep }) {
  const save = useSaveOnboardingStep();
  const { icon, title, text } = STEPS[step];
  return (
    <OnboardingFrame
      step={step}
      icon={icon}
      title={title}
      lead={text}
      actions={
        <Button
          block
          variant="secondary"
          loading={save.isPending}
          onClick={() => save.mutate(step)}
        >
          Skip for now
        </Button>
      }
    >
      <p className="onboarding__note">This step is still being built. You can skip it for now.</p>
    </OnboardingFrame>
  );
}
