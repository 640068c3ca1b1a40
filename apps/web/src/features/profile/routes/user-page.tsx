import { userIdParams } from '@doers/contract';
import { Navigate, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { IconUser } from '../../../components/ui/icons';
import { EmptyState, ErrorState } from '../../../components/ui/state-panels';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { selectSignedInUserId, useAuthStore } from '../../../lib/auth/use-auth-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUserProfile } from '../api/profile-api';
import { BlockPerson } from '../components/block-person';
import { BlockedProfile } from '../components/blocked-profile';
import { MessageButton } from '../components/message-button';
import { ProfileSkeleton, ProfileView } from '../components/profile-view';
import { SendVibe } from '../components/send-vibe';
import { StopVibing } from '../components/stop-vibing';
import { GrantTier } from '../../support-tier';

function UserNotFound() {
  return (
    <EmptyState
      icon={<IconUser size={28} />}
      title="User not found"
      action={
        <ButtonLink to="/feed" variant="secondary">
          Go to Feed
        </ButtonLink>
      }
    >
      <p>This person does not exist, or their account is no longer active.</p>
    </EmptyState>
  );
}

/** /users/{userId}: anyone's profile; my own id shows /profile. */
export function UserPage() {
  const { userId = '' } = useParams();
  const myId = useAuthStore(selectSignedInUserId);
  const validId = userIdParams.safeParse({ id: userId }).success;
  const query = useUserProfile(userId, validId && userId !== myId);
  const person = query.data;
  usePageTitle(person ? person.displayName || `@${person.username}` : 'Profile');

  if (userId === myId) return <Navigate to="/profile" replace />;

  let body;
  if (
    !validId ||
    (query.isError && isApiError(query.error) && [400, 404].includes(query.error.statusCode))
  ) {
    body = <UserNotFound />;
  } else if (query.isError) {
    body = (
      <ErrorState
        title="This profile did not load"
        message={errorMessage(query.error, 'Something went wrong')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!person) {
    body = <ProfileSkeleton label="Loading profile" />;
  } else if (person.viewer?.blockedByYou || person.viewer?.blocksYou) {
    body = <BlockedProfile person={person} />;
  } else {
    body = (
      <ProfileView
        person={person}
        isOwn={false}
        actions={
          <>
            <SendVibe person={person} />
            <MessageButton person={person} />
            <StopVibing person={person} />
            <BlockPerson person={person} />
            <GrantTier userId={person.id} name={person.displayName || `@${person.username}`} />
          </>
        }
      />
    );
  }

  return (
    <div className="page">
      <h1 className="sr-only">
        {person ? `${person.displayName || person.username}'s profile` : 'Profile'}
      </h1>
      {body}
    </div>
  );
}
