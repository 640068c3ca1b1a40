import { PROFILE_LIMITS } from '@doers/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { IconCompass } from '../../../components/ui/icons';
import { InterestPicker } from '../../../components/ui/interest-chips';
import { SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { useSaveOnboardingStep } from '../api/onboarding-api';
import { useInterestList, useSaveInterests } from '../api/profile-steps-api';
import { OnboardingFrame } from '../components/onboarding-frame';
import './interests-step.css';

const MIN = PROFILE_LIMITS.interestsMin;
const MAX = PROFILE_LIMITS.interestsMax;

function counterText(chosen: number): string {
  if (chosen === 0) return `Choose at least ${MIN}`;
  if (chosen < MIN) return `${chosen} chosen: ${MIN - chosen} more to go`;
  if (chosen >= MAX) return `${chosen} chosen, the most you can pick`;
  return `${chosen} chosen`;
}

/** Choose at least three interests; the step is saved once they are. */
export function InterestsStep() {
  const saveStep = useSaveOnboardingStep();
  const list = useInterestList();
  const saveInterests = useSaveInterests();
  const [selected, setSelected] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = (id: string) =>
    setSelected((old) => (old.includes(id) ? old.filter((x) => x !== id) : [...old, id]));

  const save = async () => {
    setProblem(null);
    try {
      await saveInterests.mutateAsync(selected);
      saveStep.mutate('interests');
    } catch (error) {
      setProblem(errorMessage(error, 'Your interests could not be saved. Try again.'));
    }
  };

  const busy = saveInterests.isPending || saveStep.isPending;

  return (
    <OnboardingFrame
      step="interests"
      icon={<IconCompass size={32} />}
      title="Pick your interests"
      lead="What do you care about? Explore shows you people and quests that fit."
      actions={
        <>
          <Button block loading={busy} disabled={selected.length < MIN} onClick={() => void save()}>
            Continue
          </Button>
          <Button
            block
            variant="secondary"
            disabled={busy}
            onClick={() => saveStep.mutate('interests')}
          >
            Skip for now
          </Button>
        </>
      }
    >
      <p className="interests-step__counter" role="status" aria-live="polite">
        {counterText(selected.length)}
      </p>
      {list.isPending ? (
        <SkeletonList count={3} label="Loading interests" />
      ) : list.isError ? (
        <Alert title="Interests could not be loaded">
          {errorMessage(list.error, 'Check your connection and try again.')}
        </Alert>
      ) : (
        <InterestPicker
          interests={list.data.interests}
          selected={selected}
          onToggle={toggle}
          max={MAX}
          disabled={busy}
          label="Interests"
        />
      )}
      {problem && <Alert title="Not saved">{problem}</Alert>}
    </OnboardingFrame>
  );
}
