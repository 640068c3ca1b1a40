import { Suspense } from 'react';
import { IconTarget } from '../../../components/ui/icons';
import { SkeletonList } from '../../../components/ui/state-panels';
import { CreateQuestForm } from '../../quests';
import { useSaveOnboardingStep } from '../api/onboarding-api';
import { OnboardingFrame } from '../components/onboarding-frame';

/**
 * The last onboarding step is the real quest form. Creating the quest completes the step on
 * the server; saving the step here too refreshes the progress (and moves on even if that
 * refresh fails), and the wrapper then hands over to the feed.
 */
export function FirstQuestStep() {
  const save = useSaveOnboardingStep();

  return (
    <OnboardingFrame
      step="first-quest"
      icon={<IconTarget size={32} />}
      title="Start your first quest"
      lead="A goal, a few daily tasks, and a check-in each day that grows your streak. Pick a template or write your own."
    >
      {/* The form comes with the quests feature's code, loaded when this step opens. */}
      <Suspense fallback={<SkeletonList count={2} label="Loading the quest form" />}>
        <CreateQuestForm
          compact
          submitLabel="Start my quest"
          onCreated={() => save.mutate('first-quest')}
        />
      </Suspense>
    </OnboardingFrame>
  );
}
