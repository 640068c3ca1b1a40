import type { PublicUser } from '@doers/contract';
import type { ReactNode } from 'react';
import { UserIdentity } from '../../../components/ui/user-identity';
import { clampHaloIntensity, haloColor } from '../../../components/ui/halo';
import { formatDate } from '../../../lib/dates';

/** Avatar with the halo, name, @username, founder star, bio and when they joined. */
export function ProfileHeader({ person, actions }: { person: PublicUser; actions?: ReactNode }) {
  const joined = new Date(person.joinDate);
  return (
    <section className="card profile-header" aria-label="About">
      <UserIdentity
        size="lg"
        displayName={person.displayName}
        username={person.username}
        isFounder={person.isFounder}
        pictureUrl={person.profilePictureUrl}
        ringColor={haloColor(person.profile.colorTheme)}
        haloIntensity={clampHaloIntensity(person.profile.haloIntensity)}
      />
      {person.bio && <p className="profile-header__bio">{person.bio}</p>}
      {!Number.isNaN(joined.getTime()) && (
        <p className="muted profile-header__joined">Joined {formatDate(joined, 'monthYear')}</p>
      )}
      {actions && <div className="profile-header__actions">{actions}</div>}
    </section>
  );
}
