import { usersApi, type User } from '@doers/contract';
import type { Route } from '../../../platform/router.js';
import type { ProfilesService } from './profiles.service.js';
import type { UsersService } from './users.service.js';

export function usersRoutes(
  route: Route,
  deps: { users: UsersService; profiles: ProfilesService },
): void {
  const { users, profiles } = deps;
  route(usersApi.setPreferences, ({ auth, body }) => users.setPreferences(auth.userId, body));
  route(usersApi.me, async ({ auth }) => (await users.getUser(auth.userId, auth.userId)) as User);
  route(usersApi.updateProfile, ({ auth, body }) => profiles.updateProfile(auth.userId, body));
  route(usersApi.setAvatar, ({ auth, body }) => profiles.setAvatar(auth.userId, body.mediaId));
  route(usersApi.setVoiceIntro, ({ auth, body }) =>
    profiles.setVoiceIntro(auth.userId, body.mediaId, body.transcript),
  );
  route(usersApi.removeVoiceIntro, ({ auth }) => profiles.removeVoiceIntro(auth.userId));
  route(usersApi.interests, async () => ({ interests: await profiles.interests() }));
  route(usersApi.setInterests, ({ auth, body }) => profiles.setInterests(auth.userId, body.ids));
  route(usersApi.privacy, ({ auth }) => profiles.privacy(auth.userId));
  route(usersApi.savePrivacy, ({ auth, body }) => profiles.savePrivacy(auth.userId, body));
  route(usersApi.get, ({ auth, params }) => users.getUser(auth.userId, params.id));
}
