import { usersApi, type User } from '@doers/contract';
import type { Route } from '../../platform/router.js';
import type { UsersService } from './users.service.js';

export function usersRoutes(route: Route, deps: { users: UsersService }): void {
  const { users } = deps;
  route(usersApi.setPreferences, ({ auth, body }) => users.setPreferences(auth.userId, body));
  route(usersApi.me, async ({ auth }) => (await users.getUser(auth.userId, auth.userId)) as User);
  route(usersApi.get, ({ auth, params }) => users.getUser(auth.userId, params.id));
}
