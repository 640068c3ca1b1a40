import { PROFILE_LIMITS } from '@doers/contract';
import { useState, type FormEvent } from 'react';
import { AccountState } from '../../../components/ui/account-state';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { InterestPicker } from '../../../components/ui/interest-chips';
import { ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { useAccount } from '../../../lib/auth/use-account';
import { toast } from '../../../lib/toast-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { PROFILE_TUTORIAL_MARKERS } from '../../profile';
import { useInterestList, useSetInterests } from '../api/profile-settings-api';
import { SettingsBackLink } from '../../../components/ui/settings-back-link';
import './edit-profile-page.css';

const { interestsMin: MIN, interestsMax: MAX } = PROFILE_LIMITS;

function InterestsForm({ initial }: { initial: string[] }) {
  const list = useInterestList();
  const save = useSetInterests();
  const [selected, setSelected] = useState(initial);
  const dirty = selected.join() !== initial.join();
  const enough = selected.length >= MIN;

  const toggle = (id: string) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((item) => item !== id) : [...current, id],
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!enough) return;
    save.mutate(selected, {
      onSuccess: (user) => {
        setSelected(user.interests.map((interest) => interest.id));
        toast.success('Your interests are saved');
      },
    });
  };

  if (list.isPending) return <SkeletonList count={2} variant="row" label="Loading interests" />;
  if (list.isError) {
    return (
      <ErrorState
        title="Interests did not load"
        message={errorMessage(list.error, 'Something went wrong')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }

  return (
    <form
      className="card edit-profile__section"
      onSubmit={submit}
      data-tutorial={PROFILE_TUTORIAL_MARKERS.interests}
    >
      <p className="muted">
        Choose at least {MIN} and up to {MAX}. They show on your profile and help people with the
        same interests find you.
      </p>
      <InterestPicker
        interests={list.data.interests}
        selected={selected}
        onToggle={toggle}
        max={MAX}
        disabled={save.isPending}
        label="Interests"
      />
      <p className="edit-profile__status" role="status">
        {selected.length} chosen
        {selected.length < MIN ? ` · choose ${MIN - selected.length} more` : ''}
        {selected.length >= MAX ? ' · that is the most you can choose' : ''}
      </p>
      {save.isError && (
        <Alert title="Your interests were not saved">
          {errorMessage(save.error, 'Something went wrong. Try again.')}
        </Alert>
      )}
      <Button type="submit" block loading={save.isPending} disabled={!dirty || !enough}>
        Save interests
      </Button>
    </form>
  );
}

/** /settings/interests: the chips with emoji, chosen and saved together. */
export function InterestsPage() {
  usePageTitle('Interests');
  const query = useAccount();
  const account = query.data;
  return (
    <div className="page">
      <SettingsBackLink />
      <h1 className="page__title">Interests</h1>
      {account ? (
        <InterestsForm initial={account.interests.map((interest) => interest.id)} />
      ) : (
        <AccountState query={query} />
      )}
    </div>
  );
}
