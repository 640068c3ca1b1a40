import { useState } from 'react';
import { SwitchField } from '../../../components/ui/switch-field';
import { ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { useLeaderboardSettings, useSaveLeaderboardSettings } from '../api/leaderboard-api';

/** "Hide me from the leaderboard" on /settings/privacy; saved as soon as it is switched. */
export function LeaderboardPrivacySection() {
  const settings = useLeaderboardSettings();
  const save = useSaveLeaderboardSettings();
  // The switch moves in the same event as the tap (a controlled input would spring back until
  // the mutation's state arrives); a refusal moves it back.
  const [pending, setPending] = useState<boolean>();
  const hidden = pending ?? settings.data?.hidden;

  return (
    <section className="card" aria-labelledby="leaderboard-privacy-title">
      <h2 id="leaderboard-privacy-title" className="card__title">
        Leaderboard
      </h2>
      {settings.isPending && <SkeletonList count={1} variant="row" label="Loading this setting" />}
      {settings.isError && (
        <ErrorState
          title="This setting did not load"
          message={errorMessage(settings.error, 'Something went wrong')}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      )}
      {hidden !== undefined && (
        <SwitchField
          label="Hide me from the leaderboard"
          hint="Nobody sees you on any board, and you cannot be the GOAT. Your streaks still count."
          checked={hidden}
          disabled={save.isPending}
          onChange={(event) => {
            setPending(event.target.checked);
            save.mutate(
              { hidden: event.target.checked },
              {
                onSettled: () => setPending(undefined),
                onSuccess: (next) =>
                  toast.success(
                    next.hidden
                      ? 'You are hidden from the leaderboard now'
                      : 'You are on the leaderboard now',
                  ),
                onError: (error) =>
                  toast.error(errorMessage(error, 'This setting was not saved. Please try again.')),
              },
            );
          }}
        />
      )}
    </section>
  );
}
