import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { IosInstallSteps } from '../../../components/install/ios-install-steps';
import { IconDownload } from '../../../components/ui/icons';
import {
  isIos,
  isStandalone,
  promptInstall,
  useCanPromptInstall,
} from '../../../lib/install-prompt';
import { toast } from '../../../lib/toast-store';
import { useSaveOnboardingStep } from '../api/onboarding-api';
import { OnboardingFrame } from '../components/onboarding-frame';

export function InstallAppStep() {
  const save = useSaveOnboardingStep();
  const canPrompt = useCanPromptInstall();
  // Read once: neither changes while this screen is open.
  const [ios] = useState(isIos);
  const [installed, setInstalled] = useState(isStandalone);

  async function install() {
    const outcome = await promptInstall();
    if (outcome === 'accepted') {
      setInstalled(true);
      toast.success('Doers is installed. Find it on your home screen.');
    }
  }

  let body;
  if (installed) {
    body = <p className="onboarding__text">Doers is on your home screen already. Nice start.</p>;
  } else if (ios) {
    body = <IosInstallSteps />;
  } else if (canPrompt) {
    body = <p className="onboarding__text">One tap and Doers sits next to your other apps.</p>;
  } else {
    body = (
      <p className="onboarding__text">
        Open your browser's menu and choose <strong>Install app</strong> or{' '}
        <strong>Add to Home screen</strong>.
      </p>
    );
  }

  return (
    <OnboardingFrame
      step="install-app"
      icon={<IconDownload size={32} />}
      title="Put Doers on your home screen"
      lead="It opens full screen like any other app, and your daily check-in is one tap away."
      actions={
        <>
          {canPrompt && !installed && (
            <Button
              block
              variant="accent"
              icon={<IconDownload size={20} />}
              onClick={() => void install()}
            >
              Install Now
            </Button>
          )}
          <Button
            block
            variant={canPrompt && !installed ? 'secondary' : 'primary'}
            loading={save.isPending}
            onClick={() => save.mutate('install-app')}
          >
            Continue
          </Button>
        </>
      }
    >
      {body}
    </OnboardingFrame>
  );
}
