import {
  PROFILE_LIMITS,
  updateProfileRequest,
  type UpdateProfileRequest,
  type User,
} from '@doers/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { clampHaloIntensity, haloColor } from '../../../components/ui/halo';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { useUpdateProfile } from '../api/profile-settings-api';
import { HaloEditor } from './halo-editor';

type Draft = Required<UpdateProfileRequest>;
type Field = keyof Draft;

const fromAccount = (account: User): Draft => ({
  displayName: account.displayName,
  bio: account.bio,
  colorTheme: haloColor(account.profile.colorTheme),
  haloIntensity: clampHaloIntensity(account.profile.haloIntensity),
});

/** Only what differs from the saved profile is sent. */
function changes(draft: Draft, saved: Draft): UpdateProfileRequest {
  return Object.fromEntries(
    (Object.keys(draft) as Field[])
      .filter((key) => draft[key] !== saved[key])
      .map((key) => [key, draft[key]]),
  );
}

/** Name, bio, and the halo's colour and glow, saved together. */
export function ProfileDetailsForm({ account }: { account: User }) {
  const update = useUpdateProfile();
  const saved = fromAccount(account);
  const [draft, setDraft] = useState<Draft>(saved);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const pending = changes(draft, saved);
  const dirty = Object.keys(pending).length > 0;

  const set = <K extends Field>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = updateProfileRequest.safeParse(pending);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((issue) => [issue.path[0], issue.message])),
      );
      return;
    }
    update.mutate(checked.data, {
      onSuccess: (user) => {
        setDraft(fromAccount(user));
        toast.success('Your profile is saved');
      },
      onError: (error) => {
        if (isApiError(error) && error.errors) {
          setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
        }
      },
    });
  };

  return (
    <form className="card edit-profile__section form" onSubmit={submit} noValidate>
      <h2 className="card__title">Name, bio and halo</h2>
      <TextField
        label="Display name"
        value={draft.displayName}
        maxLength={PROFILE_LIMITS.displayNameMax}
        autoComplete="nickname"
        error={errors.displayName}
        onChange={(event) => set('displayName', event.target.value)}
      />
      <TextField
        label="Bio"
        value={draft.bio}
        maxLength={PROFILE_LIMITS.bioMax}
        placeholder="One line about you"
        error={errors.bio}
        hint={`${draft.bio.length}/${PROFILE_LIMITS.bioMax} characters`}
        onChange={(event) => set('bio', event.target.value)}
      />
      <HaloEditor
        color={draft.colorTheme}
        intensity={draft.haloIntensity}
        onColorChange={(color) => set('colorTheme', color)}
        onIntensityChange={(intensity) => set('haloIntensity', intensity)}
        name={draft.displayName || account.username}
        pictureUrl={account.profilePictureUrl}
        disabled={update.isPending}
      />
      {(errors.colorTheme || errors.haloIntensity) && (
        <Alert>{errors.colorTheme ?? errors.haloIntensity}</Alert>
      )}
      {update.isError && !(isApiError(update.error) && update.error.errors) && (
        <Alert title="Your profile was not saved">
          {errorMessage(update.error, 'Something went wrong. Try again.')}
        </Alert>
      )}
      <div className="edit-profile__save">
        <Button type="submit" block loading={update.isPending} disabled={!dirty}>
          Save changes
        </Button>
        <p className="muted edit-profile__status" role="status">
          {update.isPending ? 'Saving…' : dirty ? 'Unsaved changes' : 'All changes saved'}
        </p>
      </div>
    </form>
  );
}
