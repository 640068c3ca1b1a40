import type { PublicUser } from '@doers/contract';
import type { ReactNode } from 'react';
import { ProfileHeader } from './profile-header';
import { ProfilePosts } from './profile-posts';
import { ProfileQuests } from './profile-quests';
import {
  BadgesSection,
  InterestsSection,
  PrivateProfileSection,
  StatsSection,
  VoiceIntroSection,
} from './profile-sections';
import '../../../components/ui/button.css';
import '../../../components/ui/state-panels.css';
import './profile-view.css';

/**
 * A whole profile, mine or someone else's; `actions` go under the name (edit, vibe). A private
 * one I may not see in full keeps only the name, picture and what is shared publicly.
 */
export function ProfileView({
  person,
  isOwn,
  actions,
}: {
  person: PublicUser;
  isOwn: boolean;
  actions?: ReactNode;
}) {
  return (
    <>
      <ProfileHeader person={person} actions={actions} />
      {person.isPrivate ? (
        <PrivateProfileSection person={person} />
      ) : (
        <>
          <VoiceIntroSection person={person} isOwn={isOwn} />
          <StatsSection person={person} isOwn={isOwn} />
          <InterestsSection person={person} isOwn={isOwn} />
          <BadgesSection person={person} />
        </>
      )}
      <ProfileQuests person={person} isOwn={isOwn} />
      <ProfilePosts person={person} isOwn={isOwn} />
    </>
  );
}

/** The shape of a profile while it loads. */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <div className="profile-skeleton" role="status" aria-label={label}>
      <div className="card profile-skeleton__head" aria-hidden="true">
        <span className="skeleton__block profile-skeleton__avatar" />
        <span className="skeleton__block profile-skeleton__name" />
        <span className="skeleton__block profile-skeleton__handle" />
      </div>
      {[0, 1, 2].map((index) => (
        <div key={index} className="card profile-skeleton__card" aria-hidden="true">
          <span className="skeleton__block profile-skeleton__title" />
          <span className="skeleton__block profile-skeleton__line" />
        </div>
      ))}
    </div>
  );
}
