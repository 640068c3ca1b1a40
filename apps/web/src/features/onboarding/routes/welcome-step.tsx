import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { IconFlame, IconMic, IconStar } from '../../../components/ui/icons';
import { useAccount } from '../../../lib/auth/use-account';
import { useSaveOnboardingStep } from '../api/onboarding-api';
import { OnboardingFrame } from '../components/onboarding-frame';
import './welcome-step.css';

const IDEAS: Array<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <IconFlame size={22} />,
    title: 'Quests and streaks',
    text: 'Pick a goal, break it into tasks, and check in every day. Your streak shows how far you have come.',
  },
  {
    icon: <IconMic size={22} />,
    title: 'Progress out loud',
    text: 'Share how it is going with a voice note, plus a photo or video if you like. Comments are voice only, too.',
  },
  {
    icon: <IconStar size={22} />,
    title: 'Vibes, not vanity',
    text: 'Send a vibe with a reason when someone inspires you. Support that means something.',
  },
];

export function WelcomeStep() {
  const account = useAccount().data;
  const name = account?.displayName || account?.username || '';
  const save = useSaveOnboardingStep();

  return (
    <OnboardingFrame
      step="welcome"
      icon={<IconFlame size={32} />}
      title={name ? `Welcome to Doers, ${name}!` : 'Welcome to Doers!'}
      lead="Social media for doers, not viewers. Here is how it works."
      actions={
        <Button block loading={save.isPending} onClick={() => save.mutate('welcome')}>
          Let's go
        </Button>
      }
    >
      <ul className="idea-list">
        {IDEAS.map((idea) => (
          <li key={idea.title} className="idea-list__item">
            <span className="idea-list__icon">{idea.icon}</span>
            <div>
              <p className="idea-list__title">{idea.title}</p>
              <p className="idea-list__text">{idea.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </OnboardingFrame>
  );
}
