import type { PublicUser } from '@doers/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { IconLock } from '../../../components/ui/icons';
import { UserIdentity } from '../../../components/ui/user-identity';
import { clampHaloIntensity, haloColor } from '../../../components/ui/halo';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { useUnblockUser } from '../api/block-api';
import './blocking.css';
import './profile-view.css';

/**
 * A profile blocked either way: only the name and picture, so that one recognises the person;
 * the one who blocked can unblock here (docs/product/blocking.md).
 */
export function BlockedProfile({ person }: { person: PublicUser }) {
  const unblock = useUnblockUser(person.id);
  const [asking, setAsking] = useState(false);
  const blockedByMe = person.viewer?.blockedByYou ?? false;

  const confirm = () => {
    unblock.mutate(undefined, {
      onSuccess: () => {
        toast.success(`You unblocked @${person.username}`);
        setAsking(false);
      },
      onError: (error) => toast.error(errorMessage(error, 'Something went wrong. Try again.')),
    });
  };

  return (
    <section className="card profile-header profile-blocked" aria-label="About">
      <UserIdentity
        size="lg"
        displayName={person.displayName}
        username={person.username}
        isFounder={person.isFounder}
        pictureUrl={person.profilePictureUrl}
        ringColor={haloColor(person.profile.colorTheme)}
        haloIntensity={clampHaloIntensity(person.profile.haloIntensity)}
      />
      <p className="profile-blocked__note">
        <IconLock size={18} />
        {blockedByMe ? `You blocked @${person.username}` : "You can't see this profile"}
      </p>
      {blockedByMe && (
        <>
          <p className="muted profile-blocked__hint">
            You don&apos;t see each other&apos;s posts, quests or vibes while they are blocked.
          </p>
          <div className="profile-header__actions">
            <Button variant="secondary" block onClick={() => setAsking(true)}>
              Unblock
            </Button>
          </div>
          <ConfirmDialog
            open={asking}
            title={`Unblock @${person.username}?`}
            confirmLabel="Unblock"
            loading={unblock.isPending}
            onConfirm={confirm}
            onClose={() => setAsking(false)}
          >
            You will see each other&apos;s profile, posts and public quests again, and can send each
            other vibes. Vibing that the block ended does not come back by itself.
          </ConfirmDialog>
        </>
      )}
    </section>
  );
}
