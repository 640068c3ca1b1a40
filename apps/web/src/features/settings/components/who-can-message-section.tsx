import { useState } from 'react';
import { TIER_LIMITS, type DmPermission } from '@doers/contract';
import { ChoiceGroup, type Choice } from '../../../components/ui/choice-group';
import { ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { useAccount } from '../../../lib/auth/use-account';
import { toast } from '../../../lib/toast-store';
import { useDmSettings, useSetDmSettings } from '../api/dm-settings-api';

const CHOICES: ReadonlyArray<Choice<DmPermission>> = [
  {
    value: 'everyone',
    label: 'Everyone',
    description: 'Anyone on Doers can send you a voice message.',
  },
  {
    value: 'vibers',
    label: 'People you vibe with',
    description: 'Only people you vibe with can message you.',
  },
  { value: 'nobody', label: 'Nobody', description: 'No one can send you a voice message.' },
];

const SAVED: Record<DmPermission, string> = {
  everyone: 'Everyone can message you now',
  vibers: 'Only people you vibe with can message you now',
  nobody: 'Nobody can message you now',
};

/**
 * "Who can message you" on /settings/privacy; saved as soon as it is chosen. Hidden when my plan
 * has no voice messages at all.
 */
export function WhoCanMessageSection() {
  const dmDuration = useAccount().data?.limits.dmDuration ?? TIER_LIMITS.free.dmDuration;
  const settings = useDmSettings();
  const save = useSetDmSettings();
  // The choice moves in the same event as the tap (a controlled input would spring back until
  // the mutation's state arrives); a refusal moves it back.
  const [pending, setPending] = useState<DmPermission>();
  if (dmDuration <= 0) return null;

  return (
    <section className="card" aria-labelledby="who-can-message-title">
      <h2 id="who-can-message-title" className="card__title">
        Messages
      </h2>
      {settings.isPending && (
        <SkeletonList count={1} variant="row" label="Loading who can message you" />
      )}
      {settings.isError && (
        <ErrorState
          title="This setting did not load"
          message={errorMessage(settings.error, 'Something went wrong')}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      )}
      {settings.data && (
        <ChoiceGroup
          legend="Who can message you"
          name="who-can-message"
          value={pending ?? settings.data.whoCanMessage}
          choices={CHOICES}
          onChange={(whoCanMessage) => {
            setPending(whoCanMessage);
            save.mutate(
              { whoCanMessage },
              {
                onSettled: () => setPending(undefined),
                onSuccess: () => toast.success(SAVED[whoCanMessage]),
                onError: (error) =>
                  toast.error(errorMessage(error, 'Could not save who can message you')),
              },
            );
          }}
        />
      )}
    </section>
  );
}
