import type { User } from '@doers/contract';
import { useState } from 'react';
import { MediaPicker } from '../../../components/media/media-picker';
import { Avatar } from '../../../components/ui/avatar';
import { haloColor } from '../../../components/ui/halo';
import { uploadMedia } from '../../../lib/media-upload';
import { toast } from '../../../lib/toast-store';
import { useSetAvatar } from '../api/profile-settings-api';

/**
 * The profile picture: choose or take a photo; it uploads as an `avatar` (the server crops it
 * square) and becomes the picture in one step, so Retry redoes whichever part failed.
 */
export function AvatarEditor({ account }: { account: User }) {
  const setAvatar = useSetAvatar();
  // A fresh picker after each saved photo: its "remove" would delete the picture now in use.
  const [round, setRound] = useState(0);

  return (
    <section className="card edit-profile__section" aria-labelledby="avatar-title">
      <h2 id="avatar-title" className="card__title">
        Profile picture
      </h2>
      <div className="avatar-editor">
        <Avatar
          name={account.displayName || account.username}
          src={account.profilePictureUrl}
          size={72}
          ringColor={haloColor(account.profile.colorTheme)}
        />
        <p className="muted">
          {account.profilePictureUrl
            ? 'Choose another photo to replace it.'
            : 'No photo yet: people see your initial.'}{' '}
          JPEG, PNG, WebP or HEIC up to 16 MB; it is cropped square.
        </p>
      </div>
      <MediaPicker
        key={round}
        purpose="avatar"
        accept="photo"
        send={async (file, options) => {
          const media = await uploadMedia(file, 'avatar', options);
          await setAvatar.mutateAsync(media.id);
          return media;
        }}
        onChange={(media) => {
          if (!media) return;
          toast.success('Your profile picture is saved');
          setRound((value) => value + 1);
        }}
      />
    </section>
  );
}
