import type { PrivacySettings } from '@doers/contract';
import { useState } from 'react';
import { SwitchField } from '../../../components/ui/switch-field';
import { ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { usePrivacySettings, useSavePrivacySettings } from '../api/privacy-settings-api';

const SAVED = {
  privateProfile: (on: boolean) =>
    on ? 'Your profile is private now' : 'Your profile is public now',
  showStats: (on: boolean) =>
    on ? 'People can see your stats now' : 'Your stats are hidden from others now',
} satisfies Record<keyof PrivacySettings, (on: boolean) => string>;

/**
 * "Private profile" and "Show my stats" on /settings/privacy, each saved as soon as it is
 * switched (docs/product/profiles.md#privacy).
 */
export function ProfilePrivacySection() {
  const settings = usePrivacySettings();
  const save = useSavePrivacySettings();
  // The switch moves in the same event as the tap (a controlled input would spring back until
  // the mutation's state arrives); a refusal moves it back.
  const [pending, setPending] = useState<Partial<PrivacySettings>>({});
  const shown = settings.data && { ...settings.data, ...pending };

  function change(key: keyof PrivacySettings, on: boolean) {
    setPending((current) => ({ ...current, [key]: on }));
    save.mutate(
      { [key]: on },
      {
        onSuccess: () => toast.success(SAVED[key](on)),
        onError: (error) =>
          toast.error(errorMessage(error, 'This setting was not saved. Please try again.')),
        onSettled: () => setPending(({ [key]: _done, ...rest }) => rest),
      },
    );
  }

  return (
    <section className="card" aria-labelledby="profile-privacy-title">
      <h2 id="profile-privacy-title" className="card__title">
        Your profile
      </h2>
      {settings.isPending && (
        <SkeletonList count={2} variant="row" label="Loading your profile settings" />
      )}
      {settings.isError && (
        <ErrorState
          title="These settings did not load"
          message={errorMessage(settings.error, 'Something went wrong')}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      )}
      {shown && (
        <>
          <SwitchField
            label="Private profile"
            hint="Only mutual vibers see your bio, voice intro, interests, badges and stats. Everyone else sees your name, picture and what you share publicly."
            checked={shown.privateProfile}
            disabled={save.isPending}
            onChange={(event) => change('privateProfile', event.target.checked)}
          />
          <SwitchField
            label="Show my stats"
            hint="Your streaks and other figures on your profile, and your check-in calendar on shared quests. You always see your own."
            checked={shown.showStats}
            disabled={save.isPending}
            onChange={(event) => change('showStats', event.target.checked)}
          />
        </>
      )}
    </section>
  );
}
